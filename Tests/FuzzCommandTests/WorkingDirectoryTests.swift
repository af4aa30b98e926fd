import CountMeProperties
import Foundation
import Testing

@testable import CountMeWorlds

/// What `countme-fuzz` printed and returned, run as its own process in `directory`.
private struct Run {
  let status: Int32
  let out: [String]
  let err: [String]

  init(_ arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try countmeFuzz())
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // NB: read before waiting, so a full pipe cannot stall the process.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    func lines(_ data: Data) -> [String] {
      String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    self.out = lines(outData)
    self.err = lines(errData)
  }
}

/// The repository's recommended rules, by absolute path.
let recommendedRules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("firestore.rules").path

/// True when the Firestore emulator is there to sync through under the recommended rules (starting
/// it if need be); the emulator's tests run only then, and `.ci/run` fails without it.
let emulatorSyncs: Bool = {
  guard let rules = try? RulesFile(path: recommendedRules) else { return false }
  return Catalog.emulatorCloudProblem(under: rules) == nil
}()

@Suite("countme-fuzz runs from any directory; the rules its emulator runs under are an option")
struct WorkingDirectoryTests {
  /// A fresh directory with nothing of the repository in it, removed after `body`.
  func elsewhere(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "countme-elsewhere-\(UInt64.random(in: 0 ... .max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }

  @Test("a plain check passes outside the repository: it needs none of the repository's files")
  func checkElsewhere() throws {
    try elsewhere { directory in
      let run = try Run(["check", "--property", "P1,F19", "--cases", "5", "--seed", "1"], in: directory)
      #expect(run.status == 0, "\(run.out) \(run.err)")
      #expect(run.out.last?.hasPrefix("all 2 properties passed") == true, "\(run.out)")
    }
  }

  @Test("--cloud emulator with no rules to run under: one line on stderr naming the directory, exit 2")
  func emulatorWithoutRules() throws {
    try elsewhere { directory in
      let run = try Run(["check", "--cloud", "emulator", "--property", "F12", "--cases", "1"], in: directory)
      #expect(run.status == 2)
      #expect(
        run.err.first?.hasPrefix(
          "Error: --cloud emulator runs under a rules file: no firestore.rules in ") == true
          && run.err.first?.hasSuffix("; name one with --rules FILE (see 'countme-fuzz help check')") == true
          && run.err.count == 1,
        "\(run.err)")
      #expect(run.out.isEmpty, "nothing ran: \(run.out)")
    }
  }

  @Test("--rules names a file that is not there, or comes without --cloud emulator: exit 2")
  func badRules() throws {
    try elsewhere { directory in
      let missing = try Run(
        ["check", "--cloud", "emulator", "--rules", "nowhere.rules", "--property", "F12"], in: directory)
      #expect(
        missing.status == 2
          && missing.err.first?.hasPrefix("Error: --rules nowhere.rules: cannot read it") == true)
      let alone = try Run(["check", "--rules", recommendedRules, "--property", "P1"], in: directory)
      #expect(
        alone.status == 2
          && alone.err.first
            == "Error: --rules names the rules of --cloud emulator's projects; the fake cloud has its own "
            + "(see 'countme-fuzz help check')",
        "\(alone.err)")
    }
  }

  @Test(
    "--cloud emulator --rules FILE runs outside the repository and the report names the file",
    .enabled(if: emulatorSyncs))
  func emulatorElsewhere() throws {
    try elsewhere { directory in
      let run = try Run(
        [
          "check", "--cloud", "emulator", "--rules", recommendedRules, "--property", "F12", "--cases", "2",
          "--seed", "1",
        ],
        in: directory)
      #expect(run.status == 0, "\(run.out) \(run.err)")
      #expect(
        run.out.first?.hasSuffix("devices syncing through the Firestore emulator under \(recommendedRules)")
          == true)
      #expect(
        run.out.contains {
          $0.hasPrefix("✔ F12 ")
            && $0.hasSuffix("its devices syncing through the Firestore emulator (\(recommendedRules))")
        }, "\(run.out)")
    }
  }

  @Test("R1 runs only when named, and named outside the repository it says where to run it: exit 2")
  func selfCheckElsewhere() throws {
    #expect(!Catalog.checkedByDefault.contains("R1") && Catalog.ids.contains("R1"))
    #expect(Catalog.checkedByDefault.count == Catalog.ids.count - 1)
    try elsewhere { directory in
      let run = try Run(["check", "--property", "R1", "--cases", "1"], in: directory)
      #expect(run.status == 2)
      #expect(
        run.err.first?.hasPrefix(
          "Error: R1 not checked: the Firestore emulator is not there: R1 holds the fake to the repository's rule files"
        ) == true, "\(run.err)")
    }
  }
}
