import CountMeContract
import CountMeCore
import CountMeProperties
import CountMeWorlds
import Foundation
import Generators
import Mutants
import PropertyHarness

enum CheckCommand {
  static func run(_ arguments: [String], console: Console, executable: String? = nil) throws -> Int32 {
    if Help.requested(arguments, command: "check", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "check",
      valued: [
        "--property", "--cases", "--seed", "--max-time", "--json", "--junit", "--markdown", "--mutant",
        "--jobs",
        "--shard", "--cloud", "--rules", "--policy",
      ],
      flags: ["--stats", "--verbose", "--progress", "--no-explain", LaneWorker.flag],
      optionalValue: ["--save-failures"])
    let mutant = try options.value("--mutant").map(MutantLookup.named)
    let cloud = try cloudChoice(options, command: "check")
    // On the emulator a case costs a few hundred calls over HTTP, not microseconds: by default only
    // the properties whose devices sync through the cloud run, 20 cases each.
    let selected = try underPolicy(
      options.value("--policy"), command: "check",
      try selection(
        options.value("--property"), command: "check",
        all: cloud.rules != nil ? Catalog.cloudBacked : Catalog.checkedByDefault))
    var settings = RunSettings(
      seed: try FuzzCommand.seed(options, command: "check"),
      cases: try options.count("--cases", default: cloud.rules != nil ? 20 : 1_000, command: "check"))
    // Without --cases each property runs its kill budget, up to 1,000: the gate shows every mutant
    // dies within it, and a newcomer's first report comes in half the time.
    let killBudgets = options.value("--cases") == nil && cloud == .fake
    settings.maxSeconds = try options.seconds("--max-time", command: "check")
    settings.verbose = options.has("--verbose")
    settings.explain = !options.has("--no-explain")
    settings.jobs = try options.count(
      "--jobs", default: ProcessInfo.processInfo.activeProcessorCount, command: "check")
    settings.variant = mutant?.name
    if let text = options.value("--shard") {
      guard let shard = Shard(parsing: text) else {
        throw UsageError(
          message: "--shard needs K/N with 1 ≤ K ≤ N (shard K of N), not '\(text)'", command: "check")
      }
      settings.shard = shard
    }
    let files = try ReportFiles(options, command: "check")
    let saveRoot = options.value("--save-failures").map { $0.isEmpty ? "Corpus" : $0 }
    let system: any SystemUnderTest = mutant?.system ?? ReferenceSystem()
    if options.has(LaneWorker.flag) {
      return LaneWorker.serve(
        Catalog.runnableProperties(system, selected, killBudgets: killBudgets), settings: settings,
        console: console)
    }
    // Cases in parallel run in processes beside this one's thread (see `CaseLanes`), each told the
    // run's seed, so each makes the same cases; the report is the same as on threads.
    var lanes: ProcessLanes?
    if let executable, settings.jobs > 1, settings.maxSeconds == nil, !settings.verbose, cloud == .fake {
      lanes = ProcessLanes(
        executable: executable,
        arguments: ["check"] + arguments + ["--seed", Seed.format(settings.seed), LaneWorker.flag],
        count: settings.jobs - 1)
    }
    settings.lanes = lanes
    defer { lanes?.stop() }

    console.out(
      "countme-fuzz check: seed \(Seed.format(settings.seed)), \(selected.count == 1 ? "1 property" : "\(selected.count) properties"), \(killBudgets ? "each its kill budget up to \(settings.cases) cases (--cases N for N each)" : "\(settings.cases) cases each")"
        + (settings.shard == .whole
          ? "" : ", shard \(settings.shard) (case indices \(indices(settings.shard)))")
        + (mutant.map { ", against mutant \($0.name)" } ?? "")
        + (cloud.rules.map { ", devices syncing through the Firestore emulator under \($0.path)" } ?? "")
    )
    let stats = options.has("--stats")
    let style = Catalog.reportStyle(cloud: cloud)
    // Progress goes to stderr, for a person watching (or who asks): logs and JSON stay clean.
    var progress =
      options.has("--progress") || console.errIsTerminal ? CheckProgress(total: selected.count) : nil
    let clock = ContinuousClock(), start = clock.now
    let report = Catalog.run(
      system, properties: selected, settings: settings, cloud: cloud, killBudgets: killBudgets
    ) { event in
      switch event {
      case .propertyStarted: break
      case .caseStarted(let token): console.err("case \(token)")
      case .propertyFinished(let property):
        console.out(HumanReport.line(property))
        if stats { HumanReport.statistics(property).forEach(console.out) }
        if let line = progress?.finished(cases: property.cases, at: (clock.now - start).inSeconds) {
          console.err(line)
        }
      }
    }
    report.notChecked.forEach { console.out(HumanReport.line($0)) }
    for failed in report.failed + report.knownFindings {
      HumanReport.failure(failed, style: style).forEach(console.out)
    }
    console.out("")
    if stats { console.out(HumanReport.anomalies(report)) }
    if stats, let lanes {
      console.out(
        "Lanes: \(lanes.count) process\(lanes.count == 1 ? "" : "es") of countme-fuzz beside this one ran "
          + "\(lanes.blocksRun) blocks of cases")
    }
    wholeGate(options).map(console.out)
    console.out(HumanReport.summary(report, style: style))
    var status: Int32 = report.passed ? 0 : 1
    // A property the run's setup could not serve (the Firestore emulator missing) is an input
    // error: said on stderr, exit 2, every other property having run.
    if report.passed, let missing = report.notChecked.first(where: \.isInputError) {
      console.err("Error: \(missing.id) not checked: \(missing.reason)")
      status = 2
    }
    // An emulator that died mid-run is an input error too: what it answered last is no verdict.
    if let lost = Catalog.emulatorLost(in: report, cloud: cloud) {
      console.err("Error: \(lost)")
      status = 2
    }
    status = max(status, files.write(report, style: style, console: console))
    if let saveRoot, !report.passed {
      status = max(status, FailureSaver.save(report, root: saveRoot, console: console))
    }
    return status
  }

  /// The line that tells the reader of a plain `check` where the rest of the gate is.
  ///
  /// The line that tells the reader of a plain `check` (every property, its kill budget, against
  /// CountMeCore on the fake cloud: a newcomer's first report) where the rest of the gate is; nil
  /// for any other run.
  static func wholeGate(_ options: Options) -> String? {
    let plain = ["--property", "--policy", "--cases", "--mutant", "--cloud", "--rules", "--shard"].allSatisfy
    {
      options.value($0) == nil
    }
    return plain
      ? "The whole gate, as CI runs it: CI=true bash .ci/run (lint, swift test with the Firestore emulator "
        + "and R1, the harness's own fake held to it, the mutant gate, the fuzz targets)" : nil
  }

  /// The first case indices of `shard`, as the header shows them: `1, 4, 7, …`.
  static func indices(_ shard: Shard) -> String {
    (0..<3).map { String(shard.number - 1 + $0 * shard.count) }.joined(separator: ", ") + ", …"
  }

  /// The cloud `--cloud` names, under the rules of `--rules FILE`.
  ///
  /// The cloud `--cloud` names: `fake` (the default) or `emulator`, its projects under the rules
  /// of `--rules FILE` (by default `firestore.rules` in the current directory).
  static func cloudChoice(_ options: Options, command: String) throws -> CloudChoice {
    let given = options.value("--rules")
    switch options.value("--cloud") ?? "fake" {
    case "fake":
      if given != nil {
        throw UsageError(
          message: "--rules names the rules of --cloud emulator's projects; the fake cloud has its own",
          command: command)
      }
      return .fake
    case "emulator":
      let path = given ?? RulesFile.recommendedPath
      do {
        return .emulator(rules: try RulesFile(path: path))
      } catch {
        let directory = FileManager.default.currentDirectoryPath
        throw UsageError(
          message: given == nil
            ? "--cloud emulator runs under a rules file: no firestore.rules in \(directory); name one with --rules FILE"
            : "--rules \(path): cannot read it (from \(directory))",
          command: command)
      }
    case let text:
      throw UsageError(message: "--cloud takes fake or emulator, not '\(text)'", command: command)
    }
  }

  /// The property ids a `--property` text names, in catalog order; `all` when absent.
  static func selection(_ text: String?, command: String, all: [PropertyID] = Catalog.ids) throws
    -> [PropertyID]
  {
    guard let text else { return all }
    do {
      return try Catalog.select(text)
    } catch {
      throw UsageError(
        message: "--property: \(error.message); 'countme-fuzz list' shows the ids", command: command)
    }
  }

  /// Of `ids`, those that run under the policy `name` names (`--policy`); `ids` when absent.
  static func underPolicy(_ name: String?, command: String, _ ids: [PropertyID]) throws -> [PropertyID] {
    guard let name else { return ids }
    guard let policy = SyncPolicy.named(name) else {
      throw UsageError(
        message: "--policy takes \(SyncPolicy.all.map(\.name).joined(separator: " or ")), not '\(name)'",
        command: command)
    }
    let kept = ids.filter { Catalog.property($0)?.policy == policy }
    guard !kept.isEmpty else {
      throw UsageError(
        message: "--policy \(name): none of the properties selected runs under it; 'countme-fuzz list' says "
          + "which property runs under which policy", command: command)
    }
    return kept
  }

  static func write(_ text: String, to path: String, _ console: Console) -> Int32 {
    do {
      try AtomicFile.write(text, to: path)
      return 0
    } catch {
      console.err("Error: could not write \(path): \(error.localizedDescription)")
      return 2
    }
  }
}

/// Report paths, checked before a run starts so a long run never ends in an unwritable path.
enum ReportPath {
  static func check(_ path: String?, option: String, command: String = "check") throws -> String? {
    guard let path else { return nil }
    guard !path.isEmpty else { throw UsageError(message: "\(option) needs a file path", command: command) }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw UsageError(message: "\(option) \(path) is a directory", command: command)
    }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
      FileManager.default.isWritableFile(atPath: directory)
    else {
      throw UsageError(
        message: "\(option) \(path): directory \(directory) does not exist or is not writable",
        command: command)
    }
    return path
  }
}
