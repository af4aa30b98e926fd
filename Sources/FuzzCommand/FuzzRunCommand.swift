import CountMeContract
import CountMeProperties
import Foundation
import Generators
import PropertyHarness
import Synchronization

/// `countme-fuzz fuzz`: random mode for as long as it is given.
///
/// Round `r` runs every selected property for `--cases` cases at the seed `Seed.derive(seed, r)`, so a run is
/// resumable from its seed and round (`--from-round`), and every failure has a replay token like `check`'s.
///
/// A property that fails is shrunk, printed, saved as a corpus case (under `--save-failures`,
/// default `Corpus`) and left out of later rounds. A progress line (rounds, cases, cases/s,
/// failures, distinct input tags seen) is printed every few seconds; Ctrl-C (SIGINT) ends the run
/// after the property running, with the same summary as `--max-time` and the resume command.
enum FuzzRunCommand {
  /// Set by SIGINT; read between properties.
  private static let interrupted = Atomic<Bool>(false)

  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "fuzz", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "fuzz",
      valued: [
        "--property", "--cases", "--seed", "--max-time", "--jobs", "--from-round", "--mutant", "--max-rounds",
      ],
      flags: [], optionalValue: ["--save-failures"])
    let mutant = try options.value("--mutant").map(MutantLookup.named)
    var remaining = try CheckCommand.selection(options.value("--property"), command: "fuzz")
    let seed = try FuzzCommand.seed(options, command: "fuzz")
    let cases = try options.count("--cases", default: 200, command: "fuzz")
    let jobs = try options.count(
      "--jobs", default: ProcessInfo.processInfo.activeProcessorCount, command: "fuzz")
    let maxTime = try options.seconds("--max-time", command: "fuzz")
    let maxRounds =
      options.value("--max-rounds") == nil
      ? nil : try options.count("--max-rounds", default: 1, command: "fuzz")
    let firstRound = try round(options.value("--from-round"))
    let saveRoot = options.value("--save-failures").map { $0.isEmpty ? "Corpus" : $0 } ?? "Corpus"
    let system: any SystemUnderTest = mutant?.system ?? ReferenceSystem()

    interrupted.store(false, ordering: .relaxed)
    signal(SIGINT) { _ in FuzzRunCommand.interrupted.store(true, ordering: .relaxed) }
    defer { signal(SIGINT, SIG_DFL) }

    console.out(
      "countme-fuzz fuzz: seed \(Seed.format(seed)) from round \(firstRound), \(remaining.count == 1 ? "1 property" : "\(remaining.count) properties"), "
        + "\(cases) cases each a round" + (mutant.map { ", against mutant \($0.name)" } ?? "")
        + (maxTime.map { ", for \($0) s" } ?? maxRounds.map { ", for \($0) rounds" } ?? ", until Ctrl-C"))
    let clock = ContinuousClock()
    let start = clock.now
    var lastProgress = start
    var progress = Progress()
    var status: Int32 = 0
    var round = firstRound
    func elapsed() -> Double { (clock.now - start).inSeconds }
    rounds: while !remaining.isEmpty, maxRounds.map({ round - firstRound < $0 }) ?? true {
      let roundSeed = Seed.derive(seed, UInt64(round))
      for id in remaining {
        if interrupted.load(ordering: .relaxed) || maxTime.map({ elapsed() >= $0 }) == true { break rounds }
        var settings = RunSettings(seed: roundSeed, cases: cases)
        settings.jobs = jobs
        settings.variant = mutant?.name
        let report = Catalog.run(system, properties: [id], settings: settings)
        progress.add(report)
        guard !report.passed else { continue }
        for failed in report.failed {
          HumanReport.failure(failed, style: Catalog.reportStyle).forEach(console.out)
        }
        // One save for the report: it writes every failed property's case.
        status = max(
          status, FailureSaver.save(report, root: saveRoot, source: "countme-fuzz fuzz", console: console))
        remaining.removeAll { id in report.failed.contains { $0.id == id } }
      }
      round += 1
      progress.rounds += 1
      if (clock.now - lastProgress).inSeconds >= 5 {
        lastProgress = clock.now
        console.out(progress.line(seconds: elapsed()))
      }
    }
    console.out(progress.line(seconds: elapsed()))
    let why = interrupted.load(ordering: .relaxed) ? "interrupted" : "stopped"
    console.out(
      "\(why) before round \(round); resume with: countme-fuzz fuzz --seed \(Seed.format(seed)) --from-round \(round)"
    )
    return progress.failures > 0 ? max(status, 1) : status
  }

  private static func round(_ text: String?) throws -> Int {
    guard let text else { return 0 }
    guard let number = Int(text), number >= 0 else {
      throw UsageError(message: "--from-round needs a whole number from 0, not '\(text)'", command: "fuzz")
    }
    return number
  }

  /// What the run has done so far.
  private struct Progress {
    var rounds = 0
    var cases = 0
    var failures = 0
    var tags = Set<String>()

    mutating func add(_ report: RunReport) {
      for property in report.properties {
        cases += property.cases
        tags.formUnion(property.tagCounts.map(\.0))
      }
      failures += report.failed.count
    }

    func line(seconds: Double) -> String {
      let rate = seconds > 0 ? Int(Double(cases) / seconds) : 0
      return
        "fuzz: \(rounds) rounds, \(cases) cases in \(String(format: "%.1f", seconds)) s (\(rate)/s), "
        + "\(failures) failures, \(tags.count) distinct input tags"
    }
  }
}
