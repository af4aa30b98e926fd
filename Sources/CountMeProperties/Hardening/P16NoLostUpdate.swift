import Generators

extension Hardening {
  /// Property 16 (ours): completing an operation never completes, drops or forgets another (a
  /// newer update or delete that arrived while it was in flight survives).
  static let p16 = SyncProperties.spec(
    "P16", "No lost update", validates: ["8.3"],
    statement: "completing an operation changes only that operation",
    Gen.simulation(
      scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 3),
      faults: Gen.faultPlan(rate: 0.4, kinds: [.slow, .unavailable, .lostAcknowledgement])))
}
