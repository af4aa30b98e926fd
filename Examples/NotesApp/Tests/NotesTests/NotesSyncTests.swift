import CountMeHarness
import Foundation
import NotesSync
import Testing

/// Seed 002's sync properties on the notes app's own sync of its own collection.
@Suite("The notes app's sync: seed 002's properties on a collection of its own")
struct NotesSyncTests {
  static func run(_ system: NotesSystem, cases: Int = 200) throws -> RunReport {
    var settings = RunSettings(seed: 0xC0FFEE, cases: cases)
    settings.jobs = 2
    return try AppSync.run(SyncedNote.self, on: system, settings: settings)
  }

  @Test("the notes sync keeps every sync property that runs on an app's collection")
  func holds() throws {
    let report = try Self.run(NotesSystem())
    for property in report.properties where property.failure != nil {
      Issue.record("\(property.id): \(property.failure?.observed ?? "")")
    }
    #expect(report.properties.map(\.id) == AppSync.propertyIDs)
    #expect(report.notChecked.map(\.id).sorted() == ["F19", "F21"])
  }

  @Test(
    "the pinboards, which merge, keep every sync property, judged by their merge; a sync that lets the cloud win loses pins"
  )
  func pinboardsMerge() throws {
    var settings = RunSettings(seed: 0xC0FFEE, cases: 200)
    settings.jobs = 2
    let report = try AppSync.run(SyncedPinboard.self, on: RecordSystem<SyncedPinboard>(), settings: settings)
    for property in report.properties where property.failure != nil {
      Issue.record("\(property.id): \(property.failure?.observed ?? "")")
    }
    // The pinboards' system brings no phones of its own: the accounts properties say so.
    let accounts: [PropertyID] = ["F8", "F11", "F24", "F25", "F31"]
    #expect(report.properties.map(\.id) == AppSync.propertyIDs.filter { !accounts.contains($0) })
    #expect(
      report.notChecked.filter { accounts.contains($0.id) }.map(\.reason)
        == Array(
          repeating: "RecordSystem<Synced<Pinboard>> does not implement the accounts layer (AccountsLayer)",
          count: 5))
    let planted = try AppSync.run(
      SyncedPinboard.self, on: RecordSystem<SyncedPinboard>(planted: .cloudAlwaysWins), settings: settings)
    // Device 1 pins pin-1 and device 0 pin-0 on board 0: once both sync, device 1 holds device 0's board alone.
    let lost = try #require(planted.properties.first { $0.id == "F18" }?.failure, "F18 let a pin be lost")
    #expect(
      lost.counterexample.text()
        == #"{"skews":[0,0],"steps":[{"edit":[1,0,1]},{"edit":[0,0,0]}],"faults":[],"collection":"pinboards"}"#
    )
    #expect(Set(planted.failed.map(\.id)).isSuperset(of: ["F13", "F16", "F18"]))
  }

  @Test(
    "the drafts, deleted outright, keep ten sync properties; deletion wins is their policy's known finding")
  func draftsDeletedOutright() throws {
    var settings = RunSettings(seed: 0xC0FFEE, cases: 200)
    settings.jobs = 2
    let report = try AppSync.run(SyncedDraft.self, on: RecordSystem<SyncedDraft>(), settings: settings)
    #expect(report.failed.isEmpty)
    #expect(report.knownFindings.map(\.id) == ["F14", "F18", "F20", "F23"])
    // Device 0 makes draft 0 and deletes it; device 1 made it too: its version comes back.
    let resurrection = try #require(report.knownFindings.first { $0.id == "F20" }?.failure)
    #expect(
      resurrection.counterexample.text()
        == #"{"skews":[0,0],"steps":[{"edit":[0,0,0]},{"edit":[1,0,0]},{"delete":[0,0]}],"faults":[],"collection":"drafts"}"#
    )
  }

  @Test("on the Firestore emulator under notes.rules, the notes sync keeps the sync properties too")
  func holdsOnTheEmulator() throws {
    let emulator = try CloudChoice.emulator(rulesAt: NotesTests.rulesPath("notes.rules"))
    var settings = RunSettings(seed: 5, cases: 20)
    settings.jobs = 2
    let report = try AppSync.run(SyncedNote.self, on: NotesSystem(), settings: settings, cloud: emulator)
    for property in report.properties where property.failure != nil {
      Issue.record("\(property.id): \(property.failure?.observed ?? "")")
    }
    #expect(report.properties.map(\.id) == AppSync.propertyIDs)
    #expect(
      report.properties.allSatisfy {
        $0.conditions.contains { $0.hasPrefix("its devices syncing through the Firestore emulator") }
      })
  }

  @Test("the notes app's corpus: each case holds on its sync, and fails on the sync with the bug it pins")
  func corpus() throws {
    let root = URL(fileURLWithPath: NotesTests.rulesPath("Corpus")).path
    let entries = try AppSync.corpus(root, SyncedNote.self)
    #expect(entries.count == 2)
    for entry in entries {
      let corpusCase = try entry.content.get()
      let sound = try AppSync.replay(corpusCase, SyncedNote.self, on: NotesSystem())
      #expect(sound.passed, "\(entry.path): \(sound.observed)")
      let bug: NotesSync.PlantedBug = corpusCase.property == "F18" ? .cloudAlwaysWins : .deletionByTime
      let planted = try AppSync.replay(corpusCase, SyncedNote.self, on: NotesSystem(planted: bug))
      #expect(!planted.passed && planted.notChecked == nil, "\(entry.path) let \(bug) through")
    }
  }

  @Test("diff holds a change of the notes sync to the sound one case for case, with no oracle")
  func diff() throws {
    var settings = RunSettings(seed: 0xC0FFEE, cases: 200)
    settings.jobs = 2
    let same = try AppSync.diff(
      SyncedNote.self, NotesSystem(), NotesSystem(), properties: ["F12", "F18"], settings: settings)
    #expect(same.passed && same.properties.count == 2)
    let changed = try AppSync.diff(
      SyncedNote.self, NotesSystem(), NotesSystem(planted: .cloudAlwaysWins), properties: ["F18"],
      settings: settings)
    #expect(changed.failed.map(\.id) == ["F18"])
  }

  @Test("CountMe's own device-sync properties run nothing on the notes system, and say why")
  func countMeCatalog() {
    let report = Catalog.run(
      NotesSystem(), properties: ["F12", "F20"], settings: RunSettings(seed: 0xC0FFEE, cases: 10))
    #expect(report.properties.isEmpty)
    #expect(
      report.notChecked.map(\.reason)
        == Array(
          repeating:
            "RecordSystem<Synced<Note>> syncs its own collection notes, none of CountMe's: AppSync.run checks it",
          count: 2))
  }

  @Test(
    "a download that lets the cloud's note win over a newer edit is a lost update: F18 shrinks it to two edits"
  )
  func plantedLostUpdate() throws {
    let report = try Self.run(NotesSystem(planted: .cloudAlwaysWins))
    let failure = try #require(
      report.properties.first { $0.id == "F18" }?.failure, "F18 let the cloud's older note win")
    // Device 1 (its clock a millisecond ahead) edits note 0, then device 0: once both sync,
    // device 1 takes device 0's older note over its own newer one.
    #expect(
      failure.observed.hasPrefix(
        "device 1's pass in the quiet spell left note 0 value 0.0 modified at +-1 ms"))
    #expect(
      failure.counterexample.text()
        == #"{"skews":[-1,0],"steps":[{"edit":[0,0,0]},{"edit":[1,0,0]}],"faults":[],"collection":"notes"}"#)
    #expect(failure.diagram != nil, "the failure is drawn as a sequence diagram")
    // Its token replays it: failing on the sync with the bug, passing on the sound one.
    let replayed = try #require(
      try AppSync.replay(failure.token, SyncedNote.self, on: NotesSystem(planted: .cloudAlwaysWins)))
    #expect(replayed.failure?.counterexample == failure.counterexample)
    #expect(try AppSync.replay(failure.token, SyncedNote.self, on: NotesSystem())?.passed == true)
  }

  @Test(
    "a deletion taken only when newer than the device's note brings the note back: F20 shrinks it to three steps"
  )
  func plantedResurrection() throws {
    let report = try Self.run(NotesSystem(planted: .deletionByTime))
    let failure = try #require(
      report.properties.first { $0.id == "F20" }?.failure, "F20 let a deleted note come back")
    #expect(
      failure.observed
        == "note 1 was deleted, but once quiet device 0 holds it value 0.0 modified at +0 ms "
        + #"(body: "Buy oats", priority: 0, tags: ["home", "list"], title: "Note 1"): it came back"#)
    #expect(
      failure.counterexample.text()
        == #"{"skews":[0,-1],"steps":[{"edit":[1,1,0]},{"edit":[0,1,0]},{"delete":[1,1]}],"faults":[],"collection":"notes"}"#
    )
  }

  @Test(
    "each planted sync bug dies at every seed of a sweep within 500 cases",
    arguments: [(NotesSync.PlantedBug.cloudAlwaysWins, "F18"), (.deletionByTime, "F20")])
  func sweep(_ bug: NotesSync.PlantedBug, _ killer: String) throws {
    for seed in UInt64(1)...12 {
      var settings = RunSettings(seed: seed, cases: 500)
      settings.jobs = 2
      let report = try AppSync.run(
        SyncedNote.self, on: NotesSystem(planted: bug), properties: [PropertyID(killer)!], settings: settings)
      #expect(report.properties.first?.failure != nil, "\(bug) survived \(killer) at seed \(seed)")
    }
  }
}
