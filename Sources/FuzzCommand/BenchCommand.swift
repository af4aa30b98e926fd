import CountMeContract
import CountMeGenerators
import CountMeProperties
import Foundation
import Generators
import PropertyHarness

/// `countme-fuzz bench`: the throughput of each property and simulator, measured in one run.
///
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
      console.out(line(row, base: ratio(row, rows)))
    }
    add(Benchmark.plainLoop(seed: seed, seconds: seconds))
    for id in selected { if let row = Benchmark.property(id, seed: seed, seconds: seconds) { add(row) } }
    let restartSteps = max(steps / 10, 1)
    add(try Benchmark.rawQueue(steps: steps, restarts: false, seed: seed, seconds: seconds))
    add(try Benchmark.rawQueue(steps: restartSteps, restarts: true, seed: seed, seconds: seconds))
    add(try Benchmark.simulation(steps: steps, restarts: false, seed: seed))
    add(try Benchmark.simulation(steps: restartSteps, restarts: true, seed: seed))
    add(try Benchmark.devices(seed: seed, seconds: seconds))
    let loop = rows[0].casesPerSecond
    if loop > 0 {
      console.out("")
      if let p2 = rows.first(where: { $0.name == "P2" }) {
        console.out("P2 / plain loop: \(String(format: "%.3f", p2.casesPerSecond / loop))")
      }
      console.out(
        "a loop-second here is \(String(format: "%.2f", loopSecond(loop))) s (the plain loop's time for 10,000,000 cases)"
      )
    }
    if let jsonPath {
      return CheckCommand.write(json(rows, seed: seed).text(pretty: true) + "\n", to: jsonPath, console)
    }
    return 0
  }

  static let header =
    "name".padding(toLength: 14, withPad: " ", startingAt: 0) + "cases/s".leftPadded(14)
    + "steps/s".leftPadded(14) + "of base".leftPadded(9) + "  what"

  /// The row each row is measured against; nil for the baselines and the devices run.
  ///
  /// The row each row is measured against: the plain loop for a property, the queue alone for the
  /// simulator on the same steps; nil for the baselines themselves and the devices run.
  static func baseName(of row: Benchmark.Row) -> String? {
    switch row.name {
    case "loop", "queue", "queue+restarts", "devices": return nil
    case "sim": return "queue"
    case "sim+restarts": return "queue+restarts"
    default: return "loop"
    }
  }

  /// `row`'s rate as a fraction of its base's among `rows` (steps for the simulator, cases
  /// otherwise), or nil when it has none.
  static func ratio(_ row: Benchmark.Row, _ rows: [Benchmark.Row]) -> Double? {
    guard let name = baseName(of: row), let base = rows.first(where: { $0.name == name }) else { return nil }
    let (mine, theirs) =
      row.steps == nil
      ? (row.casesPerSecond, base.casesPerSecond) : (row.stepsPerSecond ?? 0, base.stepsPerSecond ?? 0)
    return theirs > 0 ? mine / theirs : nil
  }

  /// The wall seconds the plain loop takes for 10 million cases at `rate` cases per second.
  ///
  /// The unit performance goals are set in, so that a goal means the same on a busy machine.
  static func loopSecond(_ rate: Double) -> Double { 10_000_000 / rate }

  static func line(_ row: Benchmark.Row, base: Double?) -> String {
    row.name.padding(toLength: 14, withPad: " ", startingAt: 0)
      + (row.steps == nil ? grouped(row.casesPerSecond) : "-").leftPadded(14)
      + (row.stepsPerSecond.map(grouped) ?? "-").leftPadded(14)
      + (base.map { String(format: "%.3g", $0) } ?? "-").leftPadded(9) + "  " + row.title
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
      ("loopSecond", loop > 0 ? .double(loopSecond(loop)) : .null),
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
              ("base", baseName(of: row).map { .string($0) } ?? .null),
              ("ofBase", ratio(row, rows).map { .double($0) } ?? .null),
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
