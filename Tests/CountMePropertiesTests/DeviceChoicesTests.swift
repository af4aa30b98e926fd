import CountMeWorlds
import FirestoreCloud
import PropertyHarness
import Testing

@testable import CountMeProperties

// What a device may choose and still pass: the order of its download and its uploads, downloading
// everything again, deleting documents outright (hearing of removals). Each is judged by its effect, never by how it is
// represented.

@Suite("Download first is a choice, not a law")
struct UploadFirstTests {
  @Test(
    "a device that uploads before it downloads passes F13 and F18, and F16 shows its harm",
    arguments: [UInt64(0xC0FFEE), 1])
  func uploadFirst(seed: UInt64) throws {
    let system = try mutant("sync-uploads-before-download")
    let report = Catalog.run(
      system, properties: ["F13", "F16", "F18"], settings: RunSettings(seed: seed, cases: 500))
    let passed = report.properties.filter { $0.failure == nil }.map(\.id)
    #expect(
      passed == ["F13", "F18"], "\(report.properties.map { ($0.id, $0.failure?.observed ?? "passed") })")
  }
}

@Suite("Downloading everything again is waste, not harm")
struct FullDownloadTests {
  @Test(
    "a device that downloads its whole collection at every pass, or at every launch, fails P30 alone",
    arguments: ["sync-redownloads-everything", "sync-cursor-lost-on-restart"])
  func fullDownloads(name: String) throws {
    let report = runEveryProperty(of: .deviceSync, against: try mutant(name), seed: 0xC0FFEE, cases: 300)
    expectEveryPropertyRan(report, of: .deviceSync)
    #expect(
      report.failed.map(\.id) == ["P30"], "\(report.failed.map { ($0.id, $0.failure?.observed ?? "") })")
    #expect(report.failed.first?.failure?.anomaly == .redundantTransfer)
  }
}

@Suite("Deleting outright is a choice, when the device hears of removals")
struct HardDeleteTests {
  @Test(
    "a device that deletes documents outright and takes the removals its downloads report passes every device property",
    arguments: [UInt64(0xC0FFEE), 1])
  func deletesOutright(seed: UInt64) {
    let report = runEveryProperty(
      of: .deviceSync, against: AdaptedCollectionSync(deletesOutright: true), seed: seed, cases: 500)
    expectEveryPropertyHeld(report, of: .deviceSync)
  }

  @Test(
    "the corpus case that catches sync-hard-deletes holds for it: device 0 takes the deletion as a removal")
  func corpusCase() throws {
    let entry = try #require(
      CorpusGateTests.entries.first {
        $0.path.hasSuffix("F20/a-deletion-through-the-cloud-reaches-a-device-that-had-not-synced.json")
      })
    let corpusCase = try entry.content.get()
    #expect(CorpusReplay.run(corpusCase, on: AdaptedCollectionSync(deletesOutright: true)).passed)
    #expect(!CorpusReplay.run(corpusCase, on: try mutant("sync-hard-deletes")).passed)
  }

  @Test(
    "on Firestore (the emulator), its removals heard as on the fake: the properties a deletion meets hold",
    .enabled(if: (try? FirestoreEmulator.shared.get()) != nil))
  func deletesOutrightOnFirestore() throws {
    var settings = RunSettings(seed: 0xC0FFEE, cases: 40)
    settings.jobs = 4
    let report = Catalog.run(
      AdaptedCollectionSync(deletesOutright: true), properties: ["F12", "F14", "F16", "F18", "F20", "F23"],
      settings: settings, cloud: .emulator(rules: try RulesFile(path: "firestore.rules")))
    #expect(report.properties.count == 6 && report.notChecked.isEmpty, "\(report.notChecked.map(\.reason))")
    #expect(report.passed, "\(report.failed.map { ($0.id, $0.failure?.observed ?? "") })")
  }
}

@Suite("A device that deletes outright and ignores removals: the harms docs/contract.md lists")
struct HardDeleteLimitTests {
  @Test("sync-hard-deletes fails exactly the properties docs/contract.md names, at seed c0ffee")
  func hardDeletes() throws {
    let report = Catalog.run(
      try mutant("sync-hard-deletes"),
      properties: [
        "P30", "F12", "F13", "F14", "F15", "F16", "F17", "F18", "F20", "F22", "F23", "F29", "F30",
      ],
      settings: RunSettings(seed: 0xC0FFEE, cases: 500))
    #expect(report.failed.map(\.id) == ["F12", "F14", "F16", "F18", "F20", "F23"])
    #expect(report.notChecked.isEmpty && report.properties.count == 13)
  }
}
