import CountMeHarness
import Foundation
import Notes
import NotesSync
import Testing

/// The notes app's `notes` collection, described for the harness (no CountMe model in it), its
/// description checked and its security rules audited by the Firestore emulator.
@Suite("The notes app: a collection of its own, described and audited")
struct NotesTests {
  /// The notes as the app syncs them (`NotesAdapter.swift`).
  static let notes = SyncedNote.collectionDescription

  /// The path of a rules file of the example.
  static func rulesPath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(name).path
  }

  /// The text of a rules file of the example.
  static func rules(_ name: String) throws -> String {
    try String(contentsOfFile: rulesPath(name), encoding: .utf8)
  }

  @Test("the description has no mistake; one whose ids collide is the description's fault, in one line")
  func description() throws {
    #expect(Self.notes.check() == nil)
    var colliding = Self.notes
    colliding.documentId = { _ in "note" }
    let fault = "collection notes: note 0 and note 1 share the document id \"note\": the id is not unique"
    #expect(colliding.check() == fault)
    // The audit refuses it before any request: no rules are blamed for the description's mistake.
    let rules = try Self.rules("notes.rules")
    #expect(throws: DescriptionFault(description: fault)) {
      try RulesAudit.property(of: colliding, rules: rules)
    }
  }

  @Test("notes.rules gives the notes exactly owner-only access")
  func rulesHold() throws {
    var settings = RunSettings(seed: 0xC0FFEE, cases: 60)
    settings.jobs = 4
    let report = Runner.run(
      [AnyProperty(try RulesAudit.property(of: Self.notes, rules: try Self.rules("notes.rules")))],
      settings: settings)
    #expect(report.passed, "\(report.properties.first?.failure?.observed ?? "")")
  }

  @Test(
    "rules that forget to check a note's owner let a note naming another user through: shrunk to one create")
  func plantedHole() throws {
    let holed = try Self.rules("notes.rules").replacingOccurrences(
      of: "\n        && request.resource.data.ownerId == userId", with: "")
    var settings = RunSettings(seed: 0xC0FFEE, cases: 200)
    settings.jobs = 4
    let report = Runner.run(
      [AnyProperty(try RulesAudit.property(of: Self.notes, rules: holed))], settings: settings)
    let failure = try #require(
      report.properties.first?.failure, "the audit let a note naming another user through")
    #expect(
      failure.observed.hasPrefix(
        "Firestore allows owner's create of a note of users/{owner}, naming another user"))
    #expect(
      failure.counterexample
        == .object([
          ("caller", .string("owner")), ("method", .string("create")), ("slot", .integer(0)),
          ("written", .string("namingAnother")),
        ]))
  }

  @Test(
    "the notes decoder reads each note's document as written, in every client's shape, or refuses it broken")
  func decoderHolds() throws {
    let report = Runner.run(
      [AnyProperty(try DecoderAudit.property(of: Self.notes))],
      settings: RunSettings(seed: 0xC0FFEE, cases: 1_000))
    #expect(report.passed, "\(report.properties.first?.failure?.observed ?? "")")
  }

  @Test(
    "a decoder that reads a priority it cannot read as 0 is caught: shrunk to one note with its priority of another type"
  )
  func plantedDefault() throws {
    var lenient = Self.notes
    lenient.decode = { SyncedNote(try NoteCodec.decodeLeniently($0), syncStatus: .synced) }
    let report = Runner.run(
      [AnyProperty(try DecoderAudit.property(of: lenient))],
      settings: RunSettings(seed: 0xC0FFEE, cases: 1_000))
    let failure = try #require(report.properties.first?.failure, "the lenient decoder's default went unseen")
    // Note 0 at priority 1, its priority (the fourth field by name) written as text: read as 0.
    #expect(
      failure.observed
        == "read the document with priority of another type as another note, its priority not as written")
    #expect(
      failure.counterexample.text()
        == #"{"slot":0,"value":1,"shape":"swift","damage":"wrongType","field":3}"#)
  }

  @Test("the planted rules hole and the planted decoder default each die at every seed of a sweep")
  func sweep() throws {
    let holed = try Self.rules("notes.rules").replacingOccurrences(
      of: "\n        && request.resource.data.ownerId == userId", with: "")
    var lenient = Self.notes
    lenient.decode = { SyncedNote(try NoteCodec.decodeLeniently($0), syncStatus: .synced) }
    for seed in UInt64(1)...12 {
      var settings = RunSettings(seed: seed, cases: 500)
      settings.jobs = 4
      let report = Runner.run(
        [
          AnyProperty(try RulesAudit.property(of: Self.notes, rules: holed)),
          AnyProperty(try DecoderAudit.property(of: lenient)),
        ], settings: settings)
      #expect(report.properties.allSatisfy { $0.failure != nil }, "a planted bug survived seed \(seed)")
    }
  }

  @Test(
    "an app's own libFuzzer target finds the planted decoder default from raw bytes, and nothing in the sound one"
  )
  func fuzzEntry() {
    var lenient = Self.notes
    lenient.decode = { SyncedNote(try NoteCodec.decodeLeniently($0), syncStatus: .synced) }
    // Deterministic byte strings, as a fuzzer's first inputs: 4 to 12 bytes each, from a counter.
    let inputs = (0..<2_000).map { n in
      (0..<(4 + n % 9)).map { UInt8(truncatingIfNeeded: (n * 31 + $0 * 17) ^ (n >> 3)) }
    }
    #expect(inputs.allSatisfy { DecoderAudit.fuzz($0, Self.notes) == nil })
    #expect(inputs.contains { DecoderAudit.fuzz($0, lenient) != nil })
  }
}
