import CountMeHarness
import Foundation
import Testing

@Suite("The app's device sync keeps seed 002's sync properties")
struct AppSyncTests {
  static let settings = RunSettings(seed: 0xC0FFEE, cases: 200)

  @Test("every device-sync property runs against the app's store, with the reference queue, and holds")
  func syncHolds() throws {
    let report = Catalog.run(AppSync(), properties: try Catalog.select("firebase"), settings: Self.settings)
    let failures = report.failed.flatMap { HumanReport.failure($0, style: Catalog.reportStyle) }
    #expect(report.passed, "\(failures.joined(separator: "\n"))")
    let ran = ["F12", "F13", "F15", "F16", "F17", "F18", "F22", "F23", "F29", "F30"] as [PropertyID]
    #expect(report.properties.map(\.id) == ran)
    #expect(report.properties.allSatisfy { $0.conditions == ["the reference queue"] })
    #expect(
      report.notChecked.map(\.id) == [
        "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F14", "F19", "F20", "F21",
        "F24", "F25", "F26", "F27", "F28", "F31", "F32",
      ])
    let f19 = try #require(report.notChecked.first { $0.id == "F19" })
    #expect(f19.reason == "AppSync does not implement the conflicts layer (ConflictsLayer)")
  }

  @Test("a store that writes dates to the second is caught: the device holds another version than the cloud")
  func wholeSecondDatesAreCaught() throws {
    let rounding = AppSync(dates: .iso8601)
    let report = Catalog.run(rounding, properties: ["F12"], settings: Self.settings)
    let failure = try #require(report.properties.first?.failure, "F12 let a store that loses time through")
    // Shrunk to one edit on a device whose clock is 1 ms ahead: the store keeps whole seconds.
    #expect(
      failure.observed.contains(
        "modified at +0 ms on the device and 0.0 kcal modified at +1 ms in the cloud"),
      "\(failure.observed)")
    let replayed = try #require(try Catalog.replay(failure.token, on: rounding))
    #expect(replayed.failure?.counterexample == failure.counterexample)
  }
}
