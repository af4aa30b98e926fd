import Generators

extension Hardening {
  /// Property 14: one operation's failure never stops the others; everything queued is attempted.
  static let p14 = SyncProperties.spec(
    "P14", "Queue processing continues despite individual failures", validates: ["8.4"],
    statement: "every queued operation is attempted, whatever happens to the others",
    Gen.simulation(faults: Gen.faultPlan(rate: 0.5)))
}
