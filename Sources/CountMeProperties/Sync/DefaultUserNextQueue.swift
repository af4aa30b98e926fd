import CountMeContract
import CountMeCore
import Foundation

/// The system's queue, asked for its next action by user through `SyncQueueing`'s own default
/// `next(now:online:user:)` (CountMeCore's protocol extension: signed in exactly when a user is
/// given), whatever the queue's type overrides it with. Every other member is the queue's own.
///
/// The simulator has one user, whose operations are all of them, so there the default's answer is
/// the documented one, and the queue properties judge it (P17 first: signed out, it must pause). An
/// app's queue that keeps users apart overrides it, and the engine's worlds judge that; a queue that
/// does not gets this default, so the properties must run it (`==` for its `!=` would let a
/// signed-out device upload).
///
/// NB: the same forwarding as `AnySyncQueue` but one member, on purpose: Swift cannot call a
/// protocol extension's default for a type that overrides it, so only a type that leaves
/// `next(now:online:user:)` out reaches it.
struct DefaultUserNextQueue: SyncQueueing {
  /// The queue the system made or loaded.
  var base: any SyncQueueing

  init(_ base: any SyncQueueing) { self.base = base }

  var capacity: Int { base.capacity }
  var policy: RetryPolicy { base.policy }
  var count: Int { base.count }
  var pending: [QueuedOperation] { base.pending }
  var inFlight: QueuedOperation? { base.inFlight }
  var failed: [FailedOperation] { base.failed }
  var oldestPending: QueuedOperation? { base.oldestPending }
  mutating func enqueue(_ operation: SyncOperation) -> OperationID { base.enqueue(operation) }
  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    base.next(now: now, online: online, signedIn: signedIn)
  }
  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    base.complete(id, with: result, now: now)
  }
  mutating func retryFailed(_ id: OperationID) -> Bool { base.retryFailed(id) }
  mutating func remove(_ id: OperationID, reason: String) -> Bool { base.remove(id, reason: reason) }
  func state(of id: OperationID) -> OperationState? { base.state(of: id) }
  func accounting() -> QueueAccounting { base.accounting() }
  func snapshot() -> QueueSnapshot { base.snapshot() }
  func invariantViolations() -> [String] { base.invariantViolations() }
}
