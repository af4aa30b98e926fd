import CloudFake
import Testing

@testable import CountMeProperties

@Suite("P18's aimed fault plans")
struct FaultPlanAimTests {
  @Test("every call the plan covers fails transiently: no fault and a refusal become unavailability")
  func failingEveryCall() {
    let plan = FaultPlan([
      .none, .permissionDenied, .unavailable, .deadlineExceeded, .networkLost, .lostAcknowledgement, .none,
    ])
    #expect(
      Hardening.failingEveryCall(plan).faults == [
        .unavailable, .unavailable, .unavailable, .deadlineExceeded, .networkLost, .lostAcknowledgement,
        .unavailable,
      ])
    // Past the plan, calls still succeed.
    #expect(Hardening.failingEveryCall(plan).fault(forCall: 7) == .none)
    #expect(Hardening.failingEveryCall(FaultPlan()).faults.isEmpty)
  }
}
