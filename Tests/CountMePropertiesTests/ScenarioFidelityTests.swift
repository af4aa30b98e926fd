import CloudFake
import CountMeCore
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness
import Testing

@testable import CountMeProperties
@testable import CountMeWorlds

@Suite(
  "Scenario fidelity: CloudFake answers every device's call as Firestore does",
  .enabled(if: (try? FirestoreEmulator.shared.get()) != nil))
struct ScenarioFidelityTests {
  static func projects() throws -> EmulatorProjects {
    try SyncCloud.emulatorProjects(under: RulesFile(path: "firestore.rules")).get()
  }

  @Test("the worlds of F12–F23, F29, F30 and F21's cloud runs: the same answers on 200 scenarios")
  func agree() throws {
    let report = try emulatorReport(ScenarioFidelity.property(on: Self.projects()), cases: 200)
    #expect(
      report.passed, "\(HumanReport.failure(report, style: Catalog.reportStyle).joined(separator: "\n"))")
  }

  @Test("a fake whose downloads repeat the last change before the cursor is caught, shrunk")
  func brokenFakeIsCaught() throws {
    let property = ScenarioFidelity.property(on: try Self.projects()) {
      InclusiveCursorFake(base: CloudFake(plan: $0, start: DevicesRun.start))
    }
    let report = try emulatorReport(property, cases: 50)
    let failure = try #require(report.failure, "the gate let a fake with `>=` cursors through")
    #expect(failure.observed.contains("changes of users/uid-alice/"), "\(failure.observed)")
  }
}

/// `CloudFake` with a download's cursor read as "at or after": the last change a device saw comes
/// back with every later download (an off-by-one Firestore's `>` query does not make).
struct InclusiveCursorFake: ForwardingCloud {
  var base: CloudFake
  mutating func changes(in collection: String, of owner: String?, as uid: String, after: Int, now: Date)
    -> (response: CloudFake.Response, changes: [CloudChange])
  { base.changes(in: collection, of: owner, as: uid, after: max(0, after - 1), now: now) }
}
