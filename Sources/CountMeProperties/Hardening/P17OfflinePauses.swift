import Generators

extension Hardening {
  /// Property 17 (ours): offline or signed out, the queue pauses: nothing attempted, nothing spent.
  static let p17 = SyncProperties.spec(
    "P17", "Offline and signed-out pause without loss", validates: ["8.1", "8.4"],
    statement: "offline or signed out, nothing is attempted and nothing changes",
    Gen.simulation(scenario: Gen.syncScenario(length: 0...300, averageLength: 40, enqueueWeight: 5)))
}
