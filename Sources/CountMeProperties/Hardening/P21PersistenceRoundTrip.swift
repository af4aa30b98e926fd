import Generators

extension Hardening {
  /// Property 21 (ours): a restart restores exactly the pending and failed operations; a damaged
  /// queue file loads as an empty queue with the damage reported, never a crash.
  static let p21 = SyncProperties.persistence(
    "P21", "Persistence round trip", validates: ["7.1", "8.2"],
    statement:
      "a restart restores exactly the pending and failed operations; a corrupted file loads as an empty queue, reported",
    Gen.simulation(scenario: Gen.syncScenario(length: 0...300, averageLength: 40)))
}
