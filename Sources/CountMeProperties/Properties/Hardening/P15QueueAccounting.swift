import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 15 (ours): every operation ever enqueued is in exactly one state.
  ///
  /// And an entity never has two pending operations; the app's own removals are counted like every other end.
  static let queueAccounting = SyncProperties.spec(
    "P15", "Queue accounting: every operation is in exactly one state", validates: ["7.2", "8.2"],
    statement:
      "pending + in flight + succeeded + superseded + dropped + failed + removed = enqueued, drops and "
      + "failures with a reason, and a removed operation is never sent",
    anomaly: .wrongSyncStatus, audits: true,
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...400, averageLength: 40, removeWeight: 1), options: $0)
    },
    judge: judgeQueueAccounting)

  /// The books balance and every operation keeps a record.
  ///
  /// The books balance after every step and count every operation enqueued; the queue's own
  /// invariant check finds nothing; an entity never gains a second pending operation; every
  /// operation keeps a record, and every drop a reason, while an id the queue never handed out has
  /// none; `retryFailed` answers true exactly for a failed operation, and only then moves it;
  /// `remove` answers true exactly for a pending or failed operation, which it records removed with
  /// the app's reason and never sends again.
  static func judgeQueueAccounting(_ trace: SyncTrace) -> TraceProblem? {
    var removed = Set<OperationID>()
    return trace.first { event in
      switch event.what {
      case .removed(let id, let reason, let before, let accepted, let after):
        if accepted { removed.insert(id) }
        return QueueSpecification.removeProblem(
          id, reason: reason, before: before, accepted: accepted, after: after
        ).map { Finding(nil, $0) }
      case .uploadStarted(let id, _) where removed.contains(id):
        return "\(id) is sent after the app removed it"
      case .books(_, let books, let enqueued, let violations):
        if !books.balances { return "the books do not balance: \(books)" }
        if books.enqueued != enqueued {
          return "\(enqueued) operations enqueued, the books count \(books.enqueued)"
        }
        if let violation = violations?.first { return "the queue's own check: \(violation)" }
        return nil
      case .enqueued(let enqueue):
        guard enqueue.pendingBefore >= 1 && enqueue.pendingAfter > enqueue.pendingBefore else { return nil }
        let operation = enqueue.operation
        return Finding(
          .duplicateEffect,
          "\(operation.entityType.rawValue) \(operation.entityId) now has \(enqueue.pendingAfter) pending "
            + "operations; the newer should supersede the older")
      case .retried(let id, let before, let accepted, let after):
        return QueueSpecification.retryProblem(id, before: before, accepted: accepted, after: after).map {
          Finding(nil, $0)
        }
      case .records(let states):
        for (id, state) in states {
          switch state {
          case nil: return Finding(.lostUpdate, "\(id) disappeared: the queue has no record of it")
          case .dropped(let reason)? where reason.isEmpty: return "\(id) dropped without a reason"
          default: continue
          }
        }
        return nil
      case .neverGiven(let id, let state?):
        return "the queue gives \(id), an id it never handed out, the state \(state); it has no record of it"
      default: return nil
      }
    }
  }
}
