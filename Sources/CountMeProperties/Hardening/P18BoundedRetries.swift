import CountMeCore
import Foundation
import Generators

extension Hardening {
  /// Property 18 (ours): retries are bounded and back off exactly; the last real error is kept.
  static let p18 = SyncProperties.spec(
    "P18", "Bounded retries and exact backoff", validates: ["8.1", "8.2"],
    statement: "at most maxRetries + 1 attempts, delays of min(initial × 2ⁿ, max), the last real error kept",
    // NB: few entities and mostly transient faults, so one operation fails several times running
    // and every step of the backoff is seen.
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...200, averageLength: 20, entities: 3, enqueueWeight: 4),
        faults: Gen.faultPlan(
          rate: 0.7, kinds: [.unavailable, .deadlineExceeded, .networkLost, .permissionDenied, .unavailable]),
        options: $0)
    },
    judge: judge18)

  /// At most maxRetries + 1 attempts; a retryable failure within budget waits exactly
  /// min(initial·2ⁿ, max); anything else fails the operation with the last real error and its count.
  static func judge18(_ trace: SyncTrace) -> TraceProblem? {
    let policy = trace.input.policy
    return trace.first { event in
      switch event.what {
      case .uploadStarted(let id, let attempts) where attempts >= policy.maxRetries + 1:
        return
          "\(id) attempted again after \(attempts) attempts; maxRetries \(policy.maxRetries) allows \(policy.maxRetries + 1)"
      case .completed(let call):
        guard case .failure(let error) = call.result else { return nil }
        return retryProblem(call, error: error, policy: policy)
      default: return nil
      }
    }
  }

  private static func retryProblem(_ call: SyncTrace.Completed, error: SyncError, policy: RetryPolicy)
    -> String?
  {
    let id = call.id
    if isTransient(error) && call.attempts <= policy.maxRetries {
      if case .superseded? = call.state { return nil }
      guard call.state == .pending, let queued = call.queued else {
        return "\(id) failed transiently after \(call.attempts) of \(policy.maxRetries + 1) attempts but is "
          + "\(call.state.text), not pending for a retry"
      }
      let delay = specifiedDelay(policy, beforeRetry: call.attempts - 1)
      guard queued.notBefore != call.now.addingTimeInterval(delay) else { return nil }
      let scheduled = queued.notBefore.map { "\($0.timeIntervalSince(call.now)) s" } ?? "no delay"
      return "\(id) retry \(call.attempts) scheduled after \(scheduled); expected \(delay) s"
    }
    guard call.state == .failed(error), let entry = call.failedEntry else {
      return
        "\(id) ended with \(error) after \(call.attempts) attempts but is \(call.state.text), not failed with that error"
    }
    return entry.attempts == call.attempts
      ? nil : "\(id) failed after \(call.attempts) attempts but records \(entry.attempts)"
  }

  /// The specification's backoff, written out here and never asked of the code under test: the
  /// delay before retry `n` (0-based) is min(initialDelay × 2ⁿ, maxDelay).
  static func specifiedDelay(_ policy: RetryPolicy, beforeRetry n: Int) -> Double {
    min(policy.initialDelay * pow(2, Double(n)), policy.maxDelay)
  }

  /// The failures the specification calls transient (8.1), written out here: the network dropped, the
  /// cloud was unavailable, or the call timed out (a lost acknowledgement looks so). Every other
  /// error is permanent, and retrying it breaks the property.
  static func isTransient(_ error: SyncError) -> Bool {
    switch error {
    case .networkUnavailable, .cloudUnavailable, .deadlineExceeded: return true
    default: return false
    }
  }
}
