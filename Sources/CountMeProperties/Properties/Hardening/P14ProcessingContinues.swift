import CountMeContract
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 14: one operation's failure never stops the others; everything queued is attempted.
  static let processingContinues = SyncProperties.spec(
    "P14", "Queue processing continues despite individual failures", validates: ["8.4"],
    statement: "every queued operation is attempted, whatever happens to the others", anomaly: .stuckQueue,
    { Gen.simulation(faults: Gen.faultPlan(rate: 0.5), options: $0) }, judge: judgeProcessingContinues)

  /// Once the network and the user are back, the queue drains.
  ///
  /// It never waits for a time already past, it finishes, and every operation that ended succeeded or failed
  /// was attempted.
  static func judgeProcessingContinues(_ trace: SyncTrace) -> TraceProblem? {
    if let stuck = trace.first({ event in
      switch event.what {
      case .waitedInThePast(let until):
        return "the queue waits until \(until) s, which has passed, instead of processing"
      case .drainExhausted(let limit): return "the queue did not drain within \(limit) actions"
      default: return nil
      }
    }) {
      return stuck
    }
    guard let final = trace.final else { return nil }
    if final.remaining > 0 {
      return trace.atTheEnd(
        "after draining, \(final.remaining) operations were never completed: \(final.pending)")
    }
    let last = trace.events.last { if case .records = $0.what { return true } else { return false } }
    guard case .records(let states)? = last?.what else { return nil }
    for (id, state) in states {
      switch state {
      case .succeeded?, .failed?:
        if final.attempts[id, default: 0] == 0 {
          return trace.atTheEnd(Finding(.wrongSyncStatus, "\(id) ended \(state.text) without an attempt"))
        }
      default: break
      }
    }
    return nil
  }
}
