import Generators

extension Hardening {
  /// Property 15 (ours): every operation ever enqueued is in exactly one state, and an entity never
  /// has two pending operations.
  static let p15 = SyncProperties.spec(
    "P15", "Queue accounting: every operation is in exactly one state", validates: ["7.2", "8.2"],
    statement:
      "pending + in flight + succeeded + superseded + dropped + failed = enqueued, drops and failures with a reason",
    Gen.simulation())
}
