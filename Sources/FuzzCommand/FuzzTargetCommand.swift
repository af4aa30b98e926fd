import CountMeProperties
import Foundation
import PropertyHarness

/// `countme-fuzz fuzz-target`: the libFuzzer targets without libFuzzer.
///
/// Lists them, runs one over saved inputs (a crash a fuzzer found, a seed corpus) in a plain build, and
/// writes each target's seed corpus and dictionary for `Fuzz/build.sh`.
enum FuzzTargetCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "fuzz-target", console: console) { return 0 }
    switch arguments.first {
    case "list":
      let options = try Options.parse(
        Array(arguments.dropFirst()), command: "fuzz-target", valued: [], flags: ["--names"])
      for target in FuzzTarget.allCases {
        console.out(
          options.has("--names")
            ? target.rawValue
            : "\(target.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)) \(target.summary)")
      }
      return 0
    case "run": return try runInputs(Array(arguments.dropFirst()), console: console)
    case "seeds": return try writeSeeds(Array(arguments.dropFirst()), console: console)
    default:
      throw UsageError(message: "fuzz-target needs list, run or seeds", command: "fuzz-target")
    }
  }

  /// `run TARGET PATH...`: every file given, and every file in a folder given, through the target.
  private static func runInputs(_ arguments: [String], console: Console) throws -> Int32 {
    let options = try Options.parse(
      arguments, command: "fuzz-target", valued: [], flags: [], positionals: true)
    guard let name = options.positional.first, let target = FuzzTarget(named: name) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(message: "fuzz-target run needs a target: one of \(names)", command: "fuzz-target")
    }
    let paths = try inputFiles(Array(options.positional.dropFirst()))
    var findings = 0
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw UsageError(message: "\(path): cannot be read", command: "fuzz-target")
      }
      if let finding = target.run(Array(data)) {
        findings += 1
        console.out("FAIL \(path): \(finding)")
      }
    }
    console.out("fuzz-target \(target.rawValue): \(paths.count) inputs, \(findings) findings")
    return findings == 0 ? 0 : 1
  }

  private static func inputFiles(_ paths: [String]) throws -> [String] {
    guard !paths.isEmpty else {
      throw UsageError(message: "fuzz-target run needs input files or folders", command: "fuzz-target")
    }
    let manager = FileManager.default
    return try paths.flatMap { path -> [String] in
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw UsageError(message: "\(path): no such file or folder", command: "fuzz-target")
      }
      guard isFolder.boolValue else { return [path] }
      guard let names = try? manager.contentsOfDirectory(atPath: path) else {
        throw UsageError(message: "\(path): cannot be listed", command: "fuzz-target")
      }
      return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" }
    }
  }

  /// `seeds --dir DIR [--corpus Corpus]`: `DIR/<target>/<seed>` and `DIR/<target>.dict` for every
  /// target, each file written atomically.
  private static func writeSeeds(_ arguments: [String], console: Console) throws -> Int32 {
    let options = try Options.parse(
      arguments, command: "fuzz-target", valued: ["--dir", "--corpus"], flags: [])
    guard let root = options.value("--dir") else {
      throw UsageError(message: "fuzz-target seeds needs --dir", command: "fuzz-target")
    }
    let corpus = options.value("--corpus") ?? "Corpus"
    var written = 0
    do {
      for target in FuzzTarget.allCases {
        let folder = "\(root)/\(target.rawValue)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for seed in FuzzSeeds.seeds(for: target, corpus: corpus) {
          try Data(seed.bytes).write(to: URL(fileURLWithPath: "\(folder)/\(seed.name)"), options: .atomic)
          written += 1
        }
        let dictionary = FuzzSeeds.dictionary(for: target).joined(separator: "\n") + "\n"
        try AtomicFile.write(dictionary, to: "\(root)/\(target.rawValue).dict")
      }
    } catch {
      throw UsageError(
        message: "\(root): cannot write the seeds: \(error.localizedDescription)", command: "fuzz-target")
    }
    console.out("wrote \(written) seeds and \(FuzzTarget.allCases.count) dictionaries under \(root)")
    return 0
  }
}
