import CloudFake
import CountMeCore
import Generators
import PropertyHarness

/// The input of F13 and F16–F18: a devices scenario and the faults of the cloud's successive calls.
struct CloudDevicesInput: Sendable, Equatable {
  /// The devices and their steps.
  var scenario: DevicesScenario
  /// The faults of successive cloud calls (downloads and uploads alike); none once the steps end.
  var faults: FaultPlan

  /// Transient faults only: a permanent one leaves an edit in the failed list for the user to
  /// retry, which is P14's and P18's ground, not a device's sync's.
  static let faultKinds: [Fault] = [.unavailable, .deadlineExceeded, .networkLost, .lostAcknowledgement]

  /// Scenarios of `Gen.cloudDevicesScenario` with up to 12 faulty calls.
  static let generator = Gen.zip(
    Gen.cloudDevicesScenario, Gen.faultPlan(calls: 0...12, rate: 0.3, kinds: faultKinds)
  ).map { CloudDevicesInput(scenario: $0, faults: $1) }

  /// The scenario's form with `"faults"` beside its skews and steps.
  var json: JSON {
    guard case .object(var members) = scenario.json else { return scenario.json }
    members.append(("faults", .array(faults.faults.map { .string($0.rawValue) })))
    return .object(members)
  }

  /// Reads `json`'s form, naming the path of the first problem.
  init(json: JSON) throws {
    scenario = try DevicesScenario(json: json)
    faults = try FaultPlan(JSONReader(json, path: "input"), path: "input")
  }

  init(scenario: DevicesScenario, faults: FaultPlan) {
    self.scenario = scenario
    self.faults = faults
  }
}
