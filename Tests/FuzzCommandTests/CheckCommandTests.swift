import FirestoreCloud
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

import CountMeProperties

@testable import FuzzCommand

@Suite("countme-fuzz check and replay")
struct CheckCommandTests {
  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "countme-fuzz-\(UInt64.random(in: 0 ... .max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("check prints the seed, a line per property and a summary, and exits 0")
  func passes() {
    let run = Transcript("check", "--property", "1,11-12", "--cases", "50", "--seed", "c0ffee", "--stats")
    #expect(run.status == 0, "\(run.text)")
    #expect(run.out.first == "countme-fuzz check: seed 0000000000c0ffee, 3 properties, 50 cases each")
    #expect(run.out.contains { $0.hasPrefix("✔ P1 Valid FoodItem construction succeeds: 50 cases") })
    #expect(
      run.out.contains { $0.hasPrefix("✔ P12 ") }
        && run.out.contains { $0.contains("% ") && $0.contains("Document.") })
    #expect(run.out.last?.hasPrefix("all 3 properties passed; 150 cases in") == true)
    #expect(run.out.dropLast().last == "Anomalies: none named")
  }

  @Test("a plain check's report says where the whole gate is; a check of a part, or with --cases, does not")
  func wholeGate() throws {
    func line(_ arguments: String...) throws -> String? {
      CheckCommand.wholeGate(
        try Options.parse(
          arguments, command: "check",
          valued: [
            "--property", "--policy", "--cases", "--mutant", "--cloud", "--shard", "--seed", "--jobs",
          ],
          flags: ["--stats"]))
    }
    #expect(try line()?.hasPrefix("The whole gate, as CI runs it: CI=true bash .ci/run") == true)
    #expect(try line("--seed", "c0ffee", "--jobs", "1", "--stats") != nil)
    for option in ["--property", "--policy", "--cases", "--mutant", "--cloud", "--shard"] {
      #expect(try line(option, "x") == nil, "\(option)")
    }
  }

  @Test("a sync failure names its anomaly, --stats counts them, and the Markdown report draws it")
  func anomalies() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let markdown = directory.appendingPathComponent("report.md").path
    let run = Transcript(
      "check", "--mutant", "sync-hard-deletes", "--property", "F20", "--seed", "c0ffee", "--stats",
      "--markdown",
      markdown)
    #expect(run.status == 1)
    #expect(run.out.contains("  Anomaly: resurrection"))
    #expect(
      run.out.contains("  Sequence diagram: in the run's Markdown and JSON reports (--markdown, --json)"))
    #expect(run.out.dropLast().last == "Anomalies: resurrection 1")
    let report = try String(contentsOfFile: markdown, encoding: .utf8)
    #expect(report.contains("**Anomaly:** resurrection.") && report.contains("```mermaid\nsequenceDiagram\n"))
  }

  @Test("without --cases each property runs its kill budget, up to 1,000; --cases N gives each N")
  func killBudgets() {
    let run = Transcript("check", "--property", "P13,P23,P1", "--seed", "c0ffee", "--stats")
    #expect(run.status == 0, "\(run.text)")
    #expect(
      run.out.first
        == "countme-fuzz check: seed 0000000000c0ffee, 3 properties, each its kill budget up to 1000 cases "
        + "(--cases N for N each)")
    #expect(run.out.contains { $0.hasPrefix("✔ P1 Valid FoodItem construction succeeds: 1000 cases") })
    #expect(run.out.contains { $0.hasPrefix("✔ P13 Queue size invariant: 100 cases") })
    #expect(
      run.out.contains {
        $0.hasPrefix("✔ P23 The engine's uploads and its file keep every change: 300 cases")
      })
    let given = Transcript("check", "--property", "P13", "--seed", "c0ffee", "--cases", "120")
    #expect(given.out.contains { $0.hasPrefix("✔ P13 Queue size invariant: 120 cases") }, "\(given.text)")
  }

  @Test("a model failure says which fields can change freely, unless --no-explain")
  func explained() {
    let arguments = ["check", "--mutant", "calories-allow-one-more", "--property", "2", "--seed", "c0ffee"]
    let run = Transcript(arguments)
    #expect(
      run.out.contains(
        "  Explained: any name, protein, carbohydrates, fats (8 tries each): only calories matters"))
    #expect(!Transcript(arguments + ["--no-explain"]).out.contains { $0.contains("Explained") })
  }

  @Test("--markdown writes the report a GitHub job summary shows, the failure with its replay command")
  func markdown() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("report.md").path
    let run = Transcript(
      "check", "--mutant", "calories-allow-one-more", "--property", "2", "--seed", "c0ffee", "--markdown",
      path)
    #expect(run.status == 1 && run.err.isEmpty, "\(run.err)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("## the property failed (P2); "))
    #expect(text.contains("\n### ✘ P2 Invalid FoodItem construction is rejected\n"))
    #expect(text.contains("\nswift run countme-fuzz replay P2-0000000000c0ffee-"))
  }

  @Test("--progress writes only progress lines, only to stderr, and leaves the report as it was")
  func progress() {
    let plain = Transcript("check", "--property", "X1.3,X4.3", "--cases", "300", "--seed", "5")
    let watched = Transcript(
      "check", "--property", "X1.3,X4.3", "--cases", "300", "--seed", "5", "--progress")
    #expect(plain.status == 0 && watched.status == 0 && plain.err.isEmpty)
    // NB: the lines themselves depend on the machine's speed (none before 2 s): `CheckProgressTests`.
    #expect(watched.err.allSatisfy { $0.hasPrefix("progress: ") && $0.contains(" of 2 properties, ") })
    func stable(_ lines: [String]) -> [String] {
      lines.filter { !$0.contains("cases/s") && !$0.contains(" s, seed") }
    }
    #expect(stable(watched.out) == stable(plain.out) && watched.out.count == plain.out.count)
  }

  @Test(
    "--cloud emulator runs the properties whose devices sync through a cloud on Firestore, and says so",
    .enabled(if: emulatorSyncs))
  func emulatorCloud() {
    let run = Transcript("check", "--cloud", "emulator", "--cases", "2", "--seed", "1")
    #expect(run.status == 0, "\(run.text)")
    #expect(
      run.out.first
        == "countme-fuzz check: seed 0000000000000001, 26 properties, 2 cases each, devices syncing through the Firestore emulator under firestore.rules"
    )
    let onFirestore = run.out.filter {
      ($0.hasPrefix("✔ P") || $0.hasPrefix("✔ F") || $0.hasPrefix("✔ X"))
        && $0.hasSuffix("with its devices syncing through the Firestore emulator (firestore.rules)")
    }
    #expect(onFirestore.count == Catalog.cloudBacked.count && onFirestore.count == 26, "\(run.text)")
    let mixed = Transcript(
      "check", "--cloud", "emulator", "--property", "P1,P23", "--cases", "2", "--seed", "1")
    #expect(mixed.status == 0, "\(mixed.text)")
    #expect(mixed.out.contains { $0.hasPrefix("✔ P1 ") && !$0.contains("emulator") }, "\(mixed.text)")
    #expect(mixed.out.contains { $0.hasPrefix("✔ P23 ") && $0.contains("on CloudFake, not the emulator: ") })
  }

  @Test("--json and --junit write well-formed reports; the same seed gives the same JSON apart from timing")
  func reports() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func runOnce(_ name: String) throws -> String {
      let json = directory.appendingPathComponent("\(name).json").path,
        junit = directory.appendingPathComponent("\(name).xml").path
      let run = Transcript(
        "check", "--property", "2,11", "--cases", "40", "--seed", "1", "--json", json, "--junit", junit)
      #expect(run.status == 0)
      let xml = try Data(contentsOf: URL(fileURLWithPath: junit))
      #expect(XMLParser(data: xml).parse())
      let text = try String(contentsOfFile: json, encoding: .utf8)
      #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
      return text.split(separator: "\n").filter {
        !$0.contains("\"seconds\"") && !$0.contains("\"casesPerSecond\"")
      }.joined(separator: "\n")
    }
    let first = try runOnce("a")
    #expect(first == (try runOnce("b")))
    #expect(first.contains("\"seed\": \"0000000000000001\""))
  }

  @Test(
    "--jobs gives the same report as one at a time, on threads or in lanes: counts, tags, the first failure and its shrinking",
    arguments: [
      ["--property", "2,5,11", "--cases", "200", "--seed", "5"],
      ["--property", "2", "--mutant", "calories-allow-one-more", "--seed", "c0ffee"],
      ["--property", "16", "--cases", "60", "--mutant", "queue-success-removes-by-entity", "--seed", "1"],
      ["--property", "P13,P19,F21", "--cases", "90", "--shard", "2/3", "--seed", "9"],
    ])
  func jobs(arguments: [String]) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func report(jobs: Int, lanesFrom executable: String? = nil) throws -> String {
      let path = directory.appendingPathComponent("jobs-\(jobs).json").path
      let run = Transcript(
        ["check"] + arguments + ["--jobs", "\(jobs)", "--stats", "--json", path], executable: executable)
      let lanes = run.out.first { $0.hasPrefix("Lanes: ") }
      if executable == nil {
        #expect(lanes == nil)
      } else {
        // The lanes ran (--stats says how many blocks); on long cases (P13's), some of the blocks.
        let blocks = lanes?.split(separator: " ").dropLast(3).last.flatMap { Int($0) }
        #expect(lanes?.hasPrefix("Lanes: \(jobs - 1) process") == true && blocks != nil, "\(run.text)")
        if arguments.contains("P13,P19,F21") { #expect((blocks ?? 0) > 0, "\(run.text)") }
      }
      return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter {
        !$0.contains("\"seconds\"") && !$0.contains("\"casesPerSecond\"")
      }.joined(separator: "\n")
    }
    let serial = try report(jobs: 1)
    #expect(serial.contains("\"tags\""), "\(serial)")
    #expect(try report(jobs: 3) == serial)
    #expect(try report(jobs: 2) == serial)
    // In processes of countme-fuzz beside the run's thread (`ProcessLanes`).
    #expect(try report(jobs: 3, lanesFrom: try countmeFuzz()) == serial)
  }

  @Test("replay of a passing case prints its input and exits 0")
  func replayPassing() {
    let run = Transcript("replay", "P11-0000000000c0ffee-7-g2")
    #expect(run.status == 0)
    #expect(
      run.out.first
        == "Replaying case 7 of P11 Deserialization rejects out-of-range Firestore data, run seed 0000000000c0ffee"
    )
    #expect(run.text.contains("\"fields\"") && run.out.last == "✔ The case passes.")
  }

  @Test("replay of a known finding's case shows the finding and exits 0, as check does")
  func replayKnownFinding() {
    let run = Transcript("replay", "W1.6.1-0000000000000001-35~workout")
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out.contains {
        $0.hasPrefix("W1.6.1 A removed exercise stays removed shows a known finding, children merge by id")
      })
    #expect(run.text.contains("Replay: swift run countme-fuzz replay W1.6.1-0000000000000001-35~workout"))
  }
}
