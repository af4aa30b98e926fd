import CountMeContract
import CountMeProperties
import Foundation
import Generators
import PropertyHarness

/// `countme-fuzz bench`: cases per second of each property, steps per second of the sync simulator
/// and of the multi-device simulation, and the plain-loop baseline, measured in one run; as a
/// table, and as JSON with `--json`.
enum BenchCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "bench", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "bench", valued: ["--property", "--seconds", "--seed", "--steps", "--json"],
      flags: [])
    let selected = try CheckCommand.selection(options.value("--property"), command: "bench")
    let seconds = try options.seconds("--seconds", command: "bench") ?? 0.5
    let steps = try options.count("--steps", default: 100_000, command: "bench")
    let seed =
      try FuzzCommand.seed(options, command: "bench", absent: FuzzCommand.fixedSeed)
    let jsonPath = try ReportPath.check(options.value("--json"), option: "--json", command: "bench")

    console.out(
      "countme-fuzz bench: seed \(Seed.format(seed)), about \(seconds) s per property, \(steps) simulated steps"
    )
    console.out(header)
    var rows: [Benchmark.Row] = []
    func add(_ row: Benchmark.Row) {
      rows.append(row)
      console.out(line(row))
    }
    add(Benchmark.plainLoop(seed: seed, seconds: seconds))
    for id in selected { if let row = Benchmark.property(id, seed: seed, seconds: seconds) { add(row) } }
    add(try Benchmark.simulation(steps: steps, restarts: false, seed: seed))
    add(try Benchmark.simulation(steps: max(steps / 10, 1), restarts: true, seed: seed))
    add(try Benchmark.devices(seed: seed, seconds: seconds))
    let loop = rows[0].casesPerSecond
    if let p2 = rows.first(where: { $0.name == "P2" }), loop > 0 {
      console.out("")
      console.out("P2 / plain loop: \(String(format: "%.3f", p2.casesPerSecond / loop))")
    }
    if let jsonPath {
      return CheckCommand.write(json(rows, seed: seed).text(pretty: true) + "\n", to: jsonPath, console)
    }
    return 0
  }

  static let header =
    "name".padding(toLength: 14, withPad: " ", startingAt: 0) + "cases/s".leftPadded(14)
    + "steps/s".leftPadded(14) + "  what"

  static func line(_ row: Benchmark.Row) -> String {
    row.name.padding(toLength: 14, withPad: " ", startingAt: 0)
      + (row.steps == nil ? grouped(row.casesPerSecond) : "-").leftPadded(14)
      + (row.stepsPerSecond.map(grouped) ?? "-").leftPadded(14) + "  " + row.title
  }

  /// A rate as a whole number with thousands separators: `1,234,567`.
  static func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (index, digit) in digits.reversed().enumerated() {
      if index > 0 && index % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return String(out.reversed())
  }

  static func json(_ rows: [Benchmark.Row], seed: UInt64) -> JSON {
    let loop = rows.first { $0.name == "loop" }?.casesPerSecond ?? 0
    return .object([
      ("seed", .string(Seed.format(seed))),
      (
        "rows",
        .array(
          rows.map { row in
            .object([
              ("name", .string(row.name)), ("title", .string(row.title)),
              ("cases", .integer(Int64(row.cases))),
              ("steps", row.steps.map { .integer(Int64($0)) } ?? .null), ("seconds", .double(row.seconds)),
              ("casesPerSecond", .double(row.casesPerSecond)),
              ("stepsPerSecond", row.stepsPerSecond.map { .double($0) } ?? .null),
              ("ofPlainLoop", loop > 0 && row.steps == nil ? .double(row.casesPerSecond / loop) : .null),
            ])
          })
      ),
    ])
  }
}

extension String {
  /// The string right-aligned in `width` columns.
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
