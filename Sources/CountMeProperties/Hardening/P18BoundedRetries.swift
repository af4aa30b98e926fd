import Generators

extension Hardening {
  /// Property 18 (ours): retries are bounded and back off exactly; the last real error is kept.
  static let p18 = SyncProperties.spec(
    "P18", "Bounded retries and exact backoff", validates: ["8.1", "8.2"],
    statement: "at most maxRetries + 1 attempts, delays of min(initial × 2ⁿ, max), the last real error kept",
    // NB: few entities and mostly transient faults, so one operation fails several times running
    // and every step of the backoff is seen.
    Gen.simulation(
      scenario: Gen.syncScenario(length: 0...200, averageLength: 20, entities: 3, enqueueWeight: 4),
      faults: Gen.faultPlan(
        rate: 0.7, kinds: [.unavailable, .deadlineExceeded, .networkLost, .permissionDenied, .unavailable])))
}
