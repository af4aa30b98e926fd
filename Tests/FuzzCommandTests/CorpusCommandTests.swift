import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeProperties
import Foundation
import Generators
import Mutants
import PropertyHarness
import Testing

@testable import FuzzCommand

@Suite("countme-fuzz corpus")
struct CorpusCommandTests {
  func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "corpus-\(UInt64.random(in: 0 ... .max))"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func add(_ lines: [String], _ arguments: [String]) -> Transcript {
    let queue = Lines()
    lines.reversed().forEach(queue.append)
    return Transcript(["corpus", "add"] + arguments, input: { queue.lines.withLock { $0.popLast() } })
  }

  @Test("a sampled line becomes a case; the same content is never stored twice; the case replays")
  func addAndReplay() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let line = Transcript("sample", "FoodItem.invalid", "--seed", "3", "--count", "1").out[0]
    let added = add([line], ["--property", "2", "--note", "1.3 above max", "--dir", root])
    #expect(
      added.status == 0
        && added.out.first?.contains("expects rejected with caloriesExceedMax for calories") == true,
      "\(added.out)")
    #expect(
      add([line], ["--property", "2", "--note", "another note", "--dir", root]).out.first?.hasPrefix(
        "already in the corpus") == true)
    let replay = Transcript("corpus", "--dir", root)
    #expect(replay.status == 0 && replay.out == ["corpus \(root): 1 cases, 1 passed, 0 failed, 0 malformed"])
  }

  @Test("a sample line of a property whose cases name their model gives the model its tags name")
  func addModelFromTags() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let lines = Transcript("sample", "P26", "--seed", "3", "--count", "3").out
    let added = add(lines, ["--property", "P26", "--note", "defaults", "--dir", root])
    #expect(added.status == 0 && added.out.count == 3, "\(added.err)")
    let replay = Transcript("corpus", "--dir", root)
    #expect(replay.status == 0 && replay.out == ["corpus \(root): 3 cases, 3 passed, 0 failed, 0 malformed"])
  }

  @Test("a property's own sample lines become its cases; a document's model comes from its tags")
  func addFromPropertySample() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let lines = Transcript("sample", "P11", "--seed", "3", "--count", "2").out
    #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix(#"{"generator":"P11""#) })
    let added = add(lines, ["--property", "P11", "--note", "from the property", "--dir", root])
    #expect(added.status == 0 && added.out.count == 2, "\(added.err)")
    #expect(added.out.allSatisfy { $0.hasPrefix("added \(root)/P11/from-the-property-") })
    let replay = Transcript("corpus", "--dir", root)
    #expect(replay.status == 0 && replay.out == ["corpus \(root): 2 cases, 2 passed, 0 failed, 0 malformed"])
  }

  @Test(
    "a failing case prints file, expected and observed, and exits 1; a malformed file exits 2 and the rest still run"
  )
  func failuresAndMalformed() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let line = Transcript("sample", "FoodItem.valid", "--seed", "3", "--count", "1").out[0]
    #expect(
      add(
        [line],
        [
          "--property", "1", "--note", "wrong on purpose", "--expect", "rejected:emptyName:name", "--dir",
          root,
        ]
      ).status == 0)
    let failing = Transcript("corpus", "--dir", root)
    #expect(failing.status == 1)
    #expect(failing.out.first?.hasPrefix("✘ \(root)/P1/wrong-on-purpose-") == true)
    #expect(
      failing.out.first?.hasSuffix("expected rejected with emptyName for name, observed accepted") == true,
      "\(failing.out)")
    try FileManager.default.removeItem(atPath: "\(root)/P1")
    try FileManager.default.createDirectory(atPath: "\(root)/P3", withIntermediateDirectories: true)
    try "{not json".write(toFile: "\(root)/P3/bad.json", atomically: true, encoding: .utf8)
    try #"{"property": 4, "note": "n", "expect": {"outcome": "accepted"}, "input": {}}"#.write(
      toFile: "\(root)/P3/misplaced.json", atomically: true, encoding: .utf8)
    #expect(add([line], ["--property", "1", "--note", "fine", "--dir", root]).status == 0)
    let malformed = Transcript("corpus", "--dir", root)
    #expect(malformed.status == 2)
    #expect(
      malformed.err == [
        "Error: \(root)/P3/bad.json: invalid JSON at line 1, column 2: expected a quoted key",
        "Error: \(root)/P3/misplaced.json: is a case of property P4 in folder P3",
      ])
    #expect(malformed.out.last == "corpus \(root): 3 cases, 1 passed, 0 failed, 2 malformed")
  }

  @Test(
    "a property folder that cannot be read is reported, not skipped; --dir naming a file is a usage error")
  func unreadableFolders() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createSymbolicLink(atPath: "\(root)/P1", withDestinationPath: "\(root)/P1")
    try "not a folder".write(toFile: "\(root)/P2", atomically: true, encoding: .utf8)
    let run = Transcript("corpus", "--dir", root)
    #expect(run.status == 2)
    #expect(
      run.err == [
        "Error: \(root)/P1: is not a readable folder", "Error: \(root)/P2: is not a readable folder",
      ])
    let file = "\(root)/P2"
    #expect(
      add(["{}"], ["--property", "P2", "--note", "x", "--dir", file]).err == [
        "Error: --dir \(file) is a file, not a corpus folder (see 'countme-fuzz help corpus')"
      ])
  }

  @Test("corpus add rejects what it cannot use, line by line")
  func addErrors() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(
      Transcript(["corpus", "add", "--note", "x"]).err == [
        "Error: corpus add needs --property with a property id from 'countme-fuzz list' (see 'countme-fuzz help corpus')"
      ])
    let run = add(["{oops", #"{"id": 1}"#], ["--property", "2", "--note", "x", "--dir", root])
    #expect(
      run.status == 2 && run.err.count == 2 && run.err[1].hasPrefix("Error: standard input line 2: input.id"))
  }

  @Test("check failures are saved as corpus cases with their origin, and replay as failures of that bug")
  func saveFailures() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let broken = try #require(MutantCatalog.named("calories-allow-one-more")).system
    let report = Catalog.run(broken, properties: ["P2"], settings: RunSettings(seed: 0xC0FFEE))
    let console = Console(out: { _ in }, err: { _ in })
    #expect(FailureSaver.save(report, root: root, date: "2026-11-22", console: console) == 0)
    let entries = CorpusDirectory.load(root)
    let saved = try #require(try entries.first?.content.get())
    #expect(entries.count == 1 && saved.expect == .rejected(error: "caloriesExceedMax", field: "calories"))
    #expect(saved.origin["replayToken"] == .string(report.properties[0].failure!.token.description))
    #expect(saved.origin["date"] == .string("2026-11-22"))
    #expect(CorpusReplay.run(saved).passed && !CorpusReplay.run(saved, on: broken).passed)
    #expect(FailureSaver.save(report, root: root, date: "2026-11-23", console: console) == 0)
    #expect(CorpusDirectory.load(root).count == 1, "saving the same failure again writes nothing new")
  }
}
