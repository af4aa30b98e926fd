import CountMeContract
import CountMeProperties
import Foundation
import Generators
import Mutants
import PropertyHarness

/// `countme-fuzz diff --mutant NAME`: the reference and a mutant on the same inputs.
///
/// `countme-fuzz diff --mutant NAME`: the same inputs against the reference and a mutant, failing
/// each property at the first input they observe differently (`Catalog.diff`).
///
/// An app compares its own implementations by calling `Catalog.diff` from its tests.
enum DiffCommand {
  /// The variant a difference's token carries: `diff:` and the mutant's name.
  static let variantPrefix = "diff:"

  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "diff", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "diff",
      valued: ["--mutant", "--property", "--cases", "--seed", "--jobs", "--json", "--junit", "--markdown"],
      flags: [])
    guard let name = options.value("--mutant") else {
      throw UsageError(
        message: "diff compares the reference with --mutant NAME; to compare your own implementations, "
          + "call Catalog.diff from your tests (docs/command.md)", command: "diff")
    }
    let mutant = try MutantLookup.named(name)
    // By default the properties that exercise the mutant's layer: no other one can tell them apart.
    let selected = try CheckCommand.selection(
      options.value("--property"), command: "diff",
      all: Catalog.properties(exercising: mutant.layer).map(\.id))
    var settings = RunSettings(
      seed: try FuzzCommand.seed(options, command: "diff"),
      cases: try options.count("--cases", default: 1_000, command: "diff"))
    settings.jobs = try options.count(
      "--jobs", default: ProcessInfo.processInfo.activeProcessorCount, command: "diff")
    settings.variant = variantPrefix + mutant.name
    let files = try ReportFiles(options, command: "diff")
    console.out(
      "countme-fuzz diff: the reference against mutant \(mutant.name), seed \(Seed.format(settings.seed)), "
        + "\(selected.count == 1 ? "1 property" : "\(selected.count) properties"), \(settings.cases) cases each"
    )
    let report = Catalog.diff(ReferenceSystem(), mutant.system, properties: selected, settings: settings) {
      if case .propertyFinished(let property) = $0 { console.out(HumanReport.line(property)) }
    }
    report.notChecked.forEach { console.out(HumanReport.line($0)) }
    let style = Catalog.reportStyle
    report.failed.forEach { HumanReport.failure($0, style: style).forEach(console.out) }
    console.out("")
    console.out(
      report.passed
        ? "no difference: \(report.properties.reduce(0) { $0 + $1.cases }) cases observed alike"
        : "\(report.failed.count) of \(report.properties.count) properties observed a difference")
    return max(report.passed ? 0 : 1, files.write(report, style: style, console: console))
  }
}
