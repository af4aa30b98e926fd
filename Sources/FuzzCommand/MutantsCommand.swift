import CountMeContract
import CountMeProperties
import Foundation
import Generators
import Mutants
import MutationTesting
import PropertyHarness

enum MutantsCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "mutants", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "mutants", valued: ["--cases", "--seed", "--seeds", "--json", "--mutant"],
      flags: ["--list", "--matrix", "--diff"])
    if options.has("--list") {
      for mutant in MutantCatalog.all {
        console.out("\(mutant.name)  [\(mutant.layer.rawValue)]  \(mutant.bug)")
      }
      return 0
    }
    let cases = try options.value("--cases").map { _ in
      try options.count("--cases", default: 0, command: "mutants")
    }
    let seedCount = try options.count("--seeds", default: 3, command: "mutants")
    let seed =
      try FuzzCommand.seed(options, command: "mutants", absent: FuzzCommand.fixedSeed)
    let jsonPath = try ReportPath.check(options.value("--json"), option: "--json", command: "mutants")
    var mutants = MutantCatalog.all
    if let name = options.value("--mutant") { mutants = [try MutantLookup.named(name)] }
    let seeds = MutationTesting.seeds(from: seed, count: seedCount)
    let budget =
      cases.map { "\($0) cases per property" }
      ?? "cases per property: each property's kill budget ('countme-fuzz help mutants')"
    console.out(
      "countme-fuzz mutants: \(mutants.count) mutants, \(budget), seeds \(seeds.map(Seed.format).joined(separator: ", "))"
    )
    let fullMatrix = options.has("--matrix")
    let diff = options.has("--diff")
    if diff && fullMatrix {
      throw UsageError(
        message: "--diff runs the gate's way; it does not go with --matrix", command: "mutants")
    }
    if diff { console.out("found by diff: the same inputs against the reference, any difference a kill") }
    let rows =
      fullMatrix
      ? MutationTesting.matrix(mutants, seeds: seeds, cases: cases)
      : MutationTesting.gate(mutants, seeds: seeds, cases: cases, detector: diff ? .difference : .properties)
    for row in rows { console.out(line(row)) }
    let killed = rows.filter(\.killed).count
    console.out("")
    console.out("killed \(killed) of \(rows.count)")
    let survivors = rows.filter { !$0.killed }.map(\.mutant)
    if !survivors.isEmpty { console.out("survived: \(survivors.joined(separator: ", "))") }
    var status: Int32 = survivors.isEmpty ? 0 : 1
    if let jsonPath {
      status = max(
        status,
        CheckCommand.write(
          json(rows, cases: cases, mode: fullMatrix ? "matrix" : diff ? "diff" : "gate").text(pretty: true)
            + "\n",
          to: jsonPath, console))
    }
    return status
  }

  static func line(_ row: MutationTesting.Row) -> String {
    let killers = row.killers.map { kills in
      let named = kills.named.isEmpty ? "" : "; " + kills.named.map(\.name).joined(separator: ", ")
      return
        "\(kills.property) (\(kills.kills)/\(row.seeds.count), median \(kills.medianCases.map(String.init) ?? "-")\(named))"
    }
    let mark = row.killed ? "✔" : "✘"
    return "\(mark) \(row.mutant): "
      + (killers.isEmpty ? "SURVIVED" : "killed by " + killers.joined(separator: ", "))
  }

  static func json(_ rows: [MutationTesting.Row], cases: Int?, mode: String) -> JSON {
    let budgets: [(String, JSON)] = Catalog.all.map { ($0.id.description, .integer(Int64($0.killBudget))) }
    let casesJSON: JSON = cases.map { .integer(Int64($0)) } ?? .object(budgets)
    return .object([
      ("mode", .string(mode)), ("cases", casesJSON),
      ("killed", .integer(Int64(rows.filter(\.killed).count))),
      ("mutants", .integer(Int64(rows.count))),
      (
        "matrix",
        .array(
          rows.map { row in
            .object([
              ("mutant", .string(row.mutant)), ("bug", .string(row.bug)), ("killed", .bool(row.killed)),
              ("seeds", .array(row.seeds.map { .string(Seed.format($0)) })),
              (
                "properties",
                .array(
                  row.properties.map { kills in
                    .object([
                      ("id", .string(kills.property.description)),
                      (
                        "casesToKill",
                        .array(kills.casesToKill.map { $0.map { .integer(Int64($0)) } ?? .null })
                      ),
                      ("medianCases", kills.medianCases.map { .integer(Int64($0)) } ?? .null),
                      ("anomalies", .array(kills.anomalies.map { $0.map { .string($0.rawValue) } ?? .null })),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }
}

enum MutantLookup {
  /// The mutant called `name`, or a usage error naming where to find the names.
  static func named(_ name: String) throws -> Mutant {
    guard let mutant = MutantCatalog.named(name) else {
      throw UsageError(
        message: "no mutant '\(name)'; 'countme-fuzz mutants --list' names them", command: "mutants")
    }
    return mutant
  }
}
