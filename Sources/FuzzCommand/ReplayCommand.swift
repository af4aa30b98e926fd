import CountMeContract
import CountMeProperties
import Generators
import Mutants
import PropertyHarness

enum ReplayCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "replay", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "replay", valued: ["--cloud", "--rules"], flags: [], positionals: true)
    let cloud = try CheckCommand.cloudChoice(options, command: "replay")
    guard options.positional.count == 1, let text = options.positional.first else {
      throw UsageError(
        message: "replay takes one replay token, such as P2-00000000c0ffee00-417", command: "replay")
    }
    guard let token = ReplayToken(text) else {
      throw UsageError(
        message:
          "malformed replay token '\(text)': expected <property id>-<16 hex digits>-<case>[-g<version>][@<mutant>]",
        command: "replay")
    }
    // A difference found by `diff` replays between the reference and its mutant.
    if let variant = token.variant, variant.hasPrefix(DiffCommand.variantPrefix) {
      return try replayDifference(
        token, mutant: MutantLookup.named(String(variant.dropFirst(DiffCommand.variantPrefix.count))),
        console: console)
    }
    let mutant = try token.variant.map(MutantLookup.named)
    // The emulator missing is an input error, as in `check`: nothing is replayed without it.
    if case .emulator(let rules) = cloud, let problem = Catalog.emulatorCloudProblem(under: rules) {
      console.err("Error: replay --cloud emulator: \(problem)")
      return 2
    }
    let system: any SystemUnderTest = mutant?.system ?? ReferenceSystem()
    let report = try replayed(token, missing: "in token \(text)") {
      try Catalog.replay(token, on: system, cloud: cloud)
    }
    return show(
      report, token, against: mutant.map { "against mutant \($0.name)" }, passing: "✔ The case passes.",
      style: Catalog.reportStyle(cloud: cloud), console: console)
  }

  /// Replays a difference between the reference and `mutant`.
  static func replayDifference(_ token: ReplayToken, mutant: Mutant, console: Console) throws -> Int32 {
    let report = try replayed(token, missing: "compares implementations") {
      try Catalog.replayDifference(token, ReferenceSystem(), mutant.system)
    }
    return show(
      report, token, against: "the reference against mutant \(mutant.name)",
      passing: "✔ Both observe it alike.",
      style: Catalog.reportStyle, console: console)
  }

  /// What `replay` gave, or a usage error: the token's generator version is not the property's,
  /// or no property `missing` says of.
  private static func replayed(
    _ token: ReplayToken, missing: String,
    _ replay: () throws -> PropertyReport?
  ) throws -> PropertyReport {
    let report: PropertyReport?
    do {
      report = try replay()
    } catch {
      throw UsageError(message: "\(error)", command: "replay")
    }
    guard let report else {
      throw UsageError(
        message: "no property \(token.property) \(missing); 'countme-fuzz list' shows them", command: "replay"
      )
    }
    return report
  }

  /// Prints the replayed case and its outcome; 1 while it fails.
  private static func show(
    _ report: PropertyReport, _ token: ReplayToken, against: String?, passing: String, style: ReportStyle,
    console: Console
  ) -> Int32 {
    console.out(
      "Replaying case \(token.caseIndex) of \(report.id) \(report.name), run seed \(Seed.format(token.seed))"
        + (against.map { ", \($0)" } ?? ""))
    console.out("Input (tags \(report.tagCounts.map(\.0))):")
    console.out(report.input.text(pretty: true))
    guard report.failure != nil else {
      console.out(report.cases == 0 ? "The generator discarded this case." : passing)
      return 0
    }
    HumanReport.failure(report, style: style).forEach(console.out)
    // A known finding of its policy reproduced is what `check` shows and passes by: not a failure.
    return report.status == .knownFinding ? 0 : 1
  }
}
