import PropertyHarness
import Testing

@testable import CountMeProperties

// What a device may choose and still pass: the order of its download and its uploads, downloading
// everything again, deleting documents outright. Each is judged by its effect, never by how it is
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
    let report = Catalog.run(
      try mutant(name), properties: Catalog.properties(of: .deviceSync).map(\.id),
      settings: RunSettings(seed: 0xC0FFEE, cases: 300))
    #expect(report.properties.count >= 10 && report.notChecked.isEmpty)
    #expect(
      report.failed.map(\.id) == ["P30"], "\(report.failed.map { ($0.id, $0.failure?.observed ?? "") })")
    #expect(report.failed.first?.failure?.anomaly == .redundantTransfer)
  }
}

@Suite("What a device that deletes outright meets: the list docs/contract.md gives")
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
