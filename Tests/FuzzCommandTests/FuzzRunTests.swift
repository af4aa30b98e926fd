import Foundation
import Testing

@testable import FuzzCommand

@Suite("countme-fuzz fuzz and fuzz-target")
struct FuzzRunTests {
  func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "countme-fuzz-\(UInt64.random(in: 0 ... .max))"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("fuzz runs rounds, prints progress and the command that resumes it, and exits 0")
  func rounds() {
    let run = Transcript("fuzz", "--property", "P1,P13", "--cases", "5", "--max-rounds", "3", "--seed", "7")
    #expect(run.status == 0 && run.err.isEmpty, "\(run.text)")
    #expect(
      run.out.first?.hasPrefix("countme-fuzz fuzz: seed 0000000000000007 from round 0, 2 properties") == true)
    #expect(run.out.contains { $0.hasPrefix("fuzz: 3 rounds, 30 cases in ") }, "\(run.text)")
    #expect(
      run.out.last
        == "stopped before round 3; resume with: countme-fuzz fuzz --seed 0000000000000007 --from-round 3")
  }

  @Test("a resumed run starts at its round's seed: the same cases as the rounds of a whole run")
  func resumes() {
    let whole = Transcript("fuzz", "--property", "P2", "--cases", "3", "--max-rounds", "2", "--seed", "9")
    let resumed = Transcript(
      "fuzz", "--property", "P2", "--cases", "3", "--max-rounds", "1", "--seed", "9", "--from-round", "1")
    #expect(whole.status == 0 && resumed.status == 0)
    #expect(resumed.out.last == whole.out.last, "\(whole.text)\n\(resumed.text)")
  }

  @Test("fuzz saves a failure as a corpus case, leaves its property out, and exits 1")
  func savesFailures() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let run = Transcript(
      "fuzz", "--property", "P2", "--mutant", "calories-allow-one-more", "--cases", "200", "--max-rounds",
      "20",
      "--seed", "1", "--save-failures", root)
    #expect(run.status == 1, "\(run.text)")
    #expect(run.out.contains { $0.hasPrefix("saved \(root)/P2/") }, "\(run.text)")
    #expect(run.out.contains { $0.hasPrefix("fuzz: ") && $0.contains(", 1 failures,") }, "\(run.text)")
    let saved = try FileManager.default.contentsOfDirectory(atPath: "\(root)/P2")
    #expect(saved.count == 1)
  }

  @Test("fuzz-target lists the targets, runs saved inputs and reports a finding with exit 1")
  func targets() throws {
    let list = Transcript("fuzz-target", "list", "--names")
    #expect(
      list.out == [
        "documents", "rest-json", "rfc3339", "corpus-case", "scenario-file", "queue-file", "sync-scenario",
      ])
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data("2026-01-19T08:00:00Z".utf8).write(to: URL(fileURLWithPath: "\(root)/good"))
    let run = Transcript("fuzz-target", "run", "rfc3339", root)
    #expect(run.status == 0 && run.out.last == "fuzz-target rfc3339: 1 inputs, 0 findings", "\(run.text)")
  }

  @Test("fuzz-target seeds writes a seed folder and a dictionary per target")
  func seeds() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Corpus").path
    let run = Transcript("fuzz-target", "seeds", "--dir", root, "--corpus", corpus)
    #expect(run.status == 0, "\(run.text)")
    for target in ["documents", "corpus-case", "queue-file"] {
      let seeds = try FileManager.default.contentsOfDirectory(atPath: "\(root)/\(target)")
      #expect(seeds.count >= 8, "\(target)")
      #expect(FileManager.default.fileExists(atPath: "\(root)/\(target).dict"))
    }
  }

  @Test(
    "fuzz and fuzz-target usage errors print one line and exit 2",
    arguments: [
      ["fuzz", "--from-round", "-1"], ["fuzz", "--max-time", "0"], ["fuzz-target"],
      ["fuzz-target", "run", "nope", "x"],
      ["fuzz-target", "run", "rfc3339", "/no/such/file"], ["fuzz-target", "seeds"],
    ])
  func usage(arguments: [String]) {
    let run = Transcript(arguments)
    #expect(run.status == 2 && run.err.count == 1 && run.out.isEmpty, "\(run.err)")
  }
}
