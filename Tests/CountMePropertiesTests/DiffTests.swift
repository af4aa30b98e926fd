import CountMeContract
import CountMeProperties
import PropertyHarness
import Testing

/// Implements no layer; borrows the ones it names from CountMeCore.
private struct Borrowing: SystemUnderTest {
  var borrowedLayers: [Layer]
}

@Suite("diff: two implementations on the same inputs")
struct DiffTests {
  @Test("a layer the implementation borrowed compared nothing of its own: every report says so")
  func borrowedLayersAreNamed() throws {
    let borrowing = Borrowing(borrowedLayers: [.foodItems])
    let report = Catalog.diff(
      ReferenceSystem(), borrowing, properties: ["P1", "P3"], settings: RunSettings(seed: 7, cases: 10))
    let p1 = try #require(report.properties.first)
    #expect(p1.id == "P1" && p1.passed && p1.conditions == ["the reference food items"])
    #expect(report.notChecked.map(\.id) == ["P3"])
    #expect(
      report.notChecked.first?.reason.hasPrefix("Borrowing does not implement the exercise items layer")
        == true)
  }

  @Test("the reference against itself observes every input of every property alike")
  func noDifference() {
    let report = Catalog.diff(ReferenceSystem(), ReferenceSystem(), settings: RunSettings(seed: 7, cases: 20))
    #expect(report.passed, "\(report.failed.map { "\($0.id): \($0.failure?.observed ?? "")" })")
    #expect(report.properties.count == Catalog.all.count - 1)
    // R1 judges the harness's fake: there is nothing of an implementation to compare.
    #expect(report.notChecked.map(\.id) == ["R1"])
    #expect(report.properties.allSatisfy { $0.cases == 20 })
  }

  @Test("a difference in the cloud calls is shrunk, and its token replays it, only against the mutant")
  func syncDifference() throws {
    let hardDeletes = try mutant("sync-hard-deletes")
    var settings = RunSettings(seed: 0xC0FFEE, cases: 300)
    settings.variant = "diff:sync-hard-deletes"
    let report = Catalog.diff(ReferenceSystem(), hardDeletes, properties: ["F20"], settings: settings)
    let failure = try #require(report.properties.first?.failure)
    // The reference writes a tombstone where the mutant deletes the document.
    #expect(failure.observed.hasPrefix("observed otherwise at calls["), "\(failure.observed)")
    #expect(
      failure.observed.contains("expected \"set users/") && failure.observed.contains("got \"delete users/"))
    #expect(failure.expected == "what the reference observes")
    #expect(failure.token.variant == "diff:sync-hard-deletes")
    let replayed = try #require(try Catalog.replayDifference(failure.token, ReferenceSystem(), hardDeletes))
    #expect(replayed.failure?.observed == failure.observed)
    let alike = try #require(
      try Catalog.replayDifference(failure.token, ReferenceSystem(), ReferenceSystem()))
    #expect(alike.cases == 1 && alike.failure == nil)
  }

  @Test("a refactored queue (arrays, no index) shows no difference from the reference in a long run")
  func refactoredQueue() {
    // The queue's own properties and the workout queue's; P13's scenarios (up to 3,000 steps over
    // a queue of up to 1,000, every lookup of the refactor a scan) at fewer cases. The device runs
    // that use a queue as well, and the other W1 properties (41 in all, 300 cases each), found no
    // difference either, in minutes.
    for (ids, cases) in [
      (
        ["P14", "P15", "P16", "P17", "P18", "P19", "P20", "P21", "W1.2", "W1.3", "W1.8"] as [PropertyID], 200
      ),
      (["P13"], 10),
    ] {
      let report = Catalog.diff(
        ReferenceSystem(), RefactoredSystem(), properties: ids,
        settings: RunSettings(seed: 0xC0FFEE, cases: cases))
      #expect(report.passed, "\(report.failed.map { "\($0.id): \($0.failure?.observed ?? "")" })")
      #expect(report.notChecked.isEmpty && report.properties.map(\.id) == ids)
      #expect(report.properties.allSatisfy { $0.cases == cases && $0.conditions.isEmpty })
    }
  }

  @Test("a model difference is in the observation: accepted against rejected")
  func modelDifference() throws {
    let report = Catalog.diff(
      ReferenceSystem(), try mutant("calories-allow-one-more"), properties: ["P2"],
      settings: RunSettings(seed: 0xC0FFEE, cases: 1_000))
    let failure = try #require(report.properties.first?.failure)
    #expect(
      failure.observed.hasPrefix("observed otherwise at observation.rejected: missing"), "\(failure.observed)"
    )
    #expect(failure.counterexample["calories"] == .double(50_001))
  }
}
