import CountMeCore
import Foundation

/// CountMeCore's `SyncQueue` under the workout rules with one of `WorkoutMutant`'s queue bugs in how
/// it is driven: everything but the one call is forwarded.
struct MutantWorkoutQueue: SyncQueueing {
  let bug: WorkoutMutant.Bug
  var queue: SyncQueue

  var capacity: Int { queue.capacity }
  var policy: RetryPolicy { queue.policy }
  var count: Int { queue.count }
  var pending: [QueuedOperation] { queue.pending }
  var inFlight: QueuedOperation? { queue.inFlight }
  var failed: [FailedOperation] { queue.failed }

  mutating func enqueue(_ operation: SyncOperation) -> OperationID { queue.enqueue(operation) }

  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    queue.next(now: now, online: online || bug == .sendsOffline, signedIn: signedIn)
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    queue.complete(id, with: result, now: now)
    if bug == .exhaustedDeleted, case .failed? = queue.state(of: id) {
      _ = queue.remove(id, reason: "out of attempts")
    }
  }

  mutating func networkReturned() { queue.networkReturned() }
  mutating func retryFailed(_ id: OperationID) -> Bool { queue.retryFailed(id) }
  mutating func remove(_ id: OperationID, reason: String) -> Bool { queue.remove(id, reason: reason) }
  func state(of id: OperationID) -> OperationState? { queue.state(of: id) }
  func accounting() -> QueueAccounting { queue.accounting() }
  func snapshot() -> QueueSnapshot { queue.snapshot() }
}
