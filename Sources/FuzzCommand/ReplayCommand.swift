import CountMeContract
import CountMeProperties
import Generators
import Mutants
import PropertyHarness

enum ReplayCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "replay", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "replay", valued: ["--cloud"], flags: [], positionals: true)
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
        token, mutant: MutantLookup.named(String(variant.dropFirst(5))), console: console)
    }
    let mutant = try token.variant.map(MutantLookup.named)
    // The emulator missing is an input error, as in `check`: nothing is replayed without it.
    if cloud == .emulator, let problem = Catalog.emulatorCloudProblem {
      console.err("Error: replay --cloud emulator: \(problem)")
      return 2
    }
    let system: any SystemUnderTest = mutant?.system ?? ReferenceSystem()
    let replayed: PropertyReport?
    do {
      replayed = try Catalog.replay(token, on: system, cloud: cloud)
    } catch {
      throw UsageError(message: "\(error)", command: "replay")
    }
    guard let report = replayed else {
      throw UsageError(
        message: "no property \(token.property) in token \(text); 'countme-fuzz list' shows them",
        command: "replay")
    }
    console.out(
      "Replaying case \(token.caseIndex) of \(report.id) \(report.name), run seed \(Seed.format(token.seed))"
        + (mutant.map { ", against mutant \($0.name)" } ?? ""))
    console.out("Input (tags \(report.tagCounts.map(\.0))):")
    console.out(report.input.text(pretty: true))
    guard report.failure != nil else {
      console.out(report.cases == 0 ? "The generator discarded this case." : "✔ The case passes.")
      return 0
    }
    HumanReport.failure(report, style: Catalog.reportStyle(cloud: cloud)).forEach(console.out)
    return 1
  }

  /// Replays a difference between the reference and `mutant`.
  static func replayDifference(_ token: ReplayToken, mutant: Mutant, console: Console) throws -> Int32 {
    let replayed: PropertyReport?
    do {
      replayed = try Catalog.replayDifference(token, ReferenceSystem(), mutant.system)
    } catch {
      throw UsageError(message: "\(error)", command: "replay")
    }
    guard let report = replayed else {
      throw UsageError(
        message: "no property \(token.property) compares implementations; 'countme-fuzz list' shows them",
        command: "replay")
    }
    console.out(
      "Replaying case \(token.caseIndex) of \(report.id) \(report.name), run seed \(Seed.format(token.seed)), "
        + "the reference against mutant \(mutant.name)")
    console.out("Input (tags \(report.tagCounts.map(\.0))):")
    console.out(report.input.text(pretty: true))
    guard report.failure != nil else {
      console.out(report.cases == 0 ? "The generator discarded this case." : "✔ Both observe it alike.")
      return 0
    }
    HumanReport.failure(report, style: Catalog.reportStyle).forEach(console.out)
    return 1
  }
}
