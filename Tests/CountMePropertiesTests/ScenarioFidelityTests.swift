import CloudFake
import CountMeCore
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness
import Testing

@testable import CountMeProperties

@Suite(
  "Scenario fidelity: CloudFake answers every device's call as Firestore does",
  .enabled(if: (try? FirestoreEmulator.shared.get()) != nil))
struct ScenarioFidelityTests {
  static func projects() throws -> EmulatorProjects {
    let root = URL(fileURLWithPath: corpusRoot).deletingLastPathComponent()
    let rules = try String(contentsOf: root.appendingPathComponent("firestore.rules"), encoding: .utf8)
    return EmulatorProjects(on: try FirestoreEmulator.shared.get(), rules: rules, prefix: "demo-countme-c2")
  }

  static func run(_ property: Property<CloudDevicesInput>, cases: Int) throws -> PropertyReport {
    var settings = RunSettings(seed: 0xC0FFEE, cases: cases)
    settings.jobs = 4
    return try #require(Runner.run([AnyProperty(property)], settings: settings).properties.first)
  }

  @Test("the worlds of F12–F23, F29, F30 and F21's cloud runs: the same answers on 200 scenarios")
  func agree() throws {
    let report = try Self.run(ScenarioFidelity.property(on: Self.projects()), cases: 200)
    #expect(
      report.passed, "\(HumanReport.failure(report, style: Catalog.reportStyle).joined(separator: "\n"))")
  }

  @Test("a fake whose downloads repeat the last change before the cursor is caught, shrunk")
  func brokenFakeIsCaught() throws {
    let property = ScenarioFidelity.property(on: try Self.projects()) {
      InclusiveCursorFake(fake: CloudFake(plan: $0, start: DevicesRun.start))
    }
    let report = try Self.run(property, cases: 50)
    let failure = try #require(report.failure, "the gate let a fake with `>=` cursors through")
    #expect(failure.observed.contains("changes of users/uid-alice/"), "\(failure.observed)")
  }
}

/// `CloudFake` with a download's cursor read as "at or after": the last change a device saw comes
/// back with every later download (an off-by-one Firestore's `>` query does not make).
struct InclusiveCursorFake: SimulationCloud {
  var fake: CloudFake
  var plan: FaultPlan {
    get { fake.plan }
    set { fake.plan = newValue }
  }
  var faultsEnabled: Bool {
    get { fake.faultsEnabled }
    set { fake.faultsEnabled = newValue }
  }
  var online: Bool {
    get { fake.online }
    set { fake.online = newValue }
  }
  var calls: Int { fake.calls }
  var problems: [String] { [] }
  mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> CloudFake.Response
  { fake.set(document, at: path, as: uid, now: now) }
  mutating func changes(in collection: String, of owner: String?, as uid: String, after: Int, now: Date)
    -> (response: CloudFake.Response, changes: [CloudChange])
  { fake.changes(in: collection, of: owner, as: uid, after: max(0, after - 1), now: now) }
  mutating func delete(at path: DocumentPath, as uid: String, now: Date) -> CloudFake.Response {
    fake.delete(at: path, as: uid, now: now)
  }
  mutating func writeAsAnotherClient(_ document: CloudDocument, at path: DocumentPath, now: Date) {
    fake.writeAsAnotherClient(document, at: path, now: now)
  }
  func document(at path: DocumentPath) -> CloudDocument? { fake.document(at: path) }
  func revision(at path: DocumentPath) -> Int? { fake.revision(at: path) }
}
