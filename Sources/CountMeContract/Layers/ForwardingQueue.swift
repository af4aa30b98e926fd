import CountMeCore
import Foundation

/// A queue that wraps another and sends every requirement it does not implement to `base`.
///
/// A queue that wraps another and changes only some of what it does (a type eraser, a recorder, a
/// deliberately broken queue): every requirement it does not implement itself goes to `base`.
///
/// NB: every member of `SyncQueueing` is forwarded here, those with a default in CountMeCore too, so
/// a wrapper never falls back on a default its base overrides; the compiler sees every member once.
public protocol ForwardingQueue: SyncQueueing {
  /// The queue every call it does not handle itself goes to.
  var base: any SyncQueueing { get set }
}

extension ForwardingQueue {
  /// `base`'s.
  public var capacity: Int { base.capacity }
  /// `base`'s.
  public var policy: RetryPolicy { base.policy }
  /// `base`'s.
  public var count: Int { base.count }
  /// `base`'s.
  public var pending: [QueuedOperation] { base.pending }
  /// `base`'s.
  public var inFlight: QueuedOperation? { base.inFlight }
  /// `base`'s.
  public var failed: [FailedOperation] { base.failed }
  /// `base`'s.
  public var oldestPending: QueuedOperation? { base.oldestPending }

  /// `base`'s.
  public mutating func enqueue(_ operation: SyncOperation) -> OperationID { base.enqueue(operation) }
  /// `base`'s.
  public mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    base.next(now: now, online: online, signedIn: signedIn)
  }
  /// `base`'s.
  public mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    base.next(now: now, online: online, user: user)
  }
  /// `base`'s.
  public mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    base.complete(id, with: result, now: now)
  }
  /// `base`'s.
  public mutating func networkReturned() { base.networkReturned() }
  /// `base`'s.
  public mutating func retryFailed(_ id: OperationID) -> Bool { base.retryFailed(id) }
  /// `base`'s.
  public mutating func remove(_ id: OperationID, reason: String) -> Bool { base.remove(id, reason: reason) }
  /// `base`'s.
  public func state(of id: OperationID) -> OperationState? { base.state(of: id) }
  /// `base`'s.
  public func accounting() -> QueueAccounting { base.accounting() }
  /// `base`'s.
  public func snapshot() -> QueueSnapshot { base.snapshot() }
  /// `base`'s.
  public func invariantViolations() -> [String] { base.invariantViolations() }
}
