import Foundation

/// A sync queue as a state machine: no I/O, no clock of its own. Time, cloud results and new
/// operations are inputs; `next` says what to do.
///
/// `SyncQueue` is the reference; the properties drive any conforming queue the same way.
public protocol SyncQueueing: Sendable {
  var capacity: Int { get }
  var policy: RetryPolicy { get }
  /// Pending plus in flight: the size the capacity bounds.
  var count: Int { get }
  /// Waiting operations in timestamp order: the order they are processed in, unless the queue's
  /// rules put some types first (`QueueRules.Order.priority`).
  var pending: [QueuedOperation] { get }
  var inFlight: QueuedOperation? { get }
  /// Operations that failed permanently or ran out of retries, with their last real error.
  var failed: [FailedOperation] { get }
  /// The first pending operation in processing order (the one dropped first at capacity).
  var oldestPending: QueuedOperation? { get }

  /// Adds an operation, de-duplicating per entity and dropping the oldest when full.
  ///
  /// Adds an operation, de-duplicating per entity and dropping the oldest when full.
  /// - Returns: the operation's id, whatever became of it (`state(of:)` says).
  mutating func enqueue(_ operation: SyncOperation) -> OperationID
  /// What to do at `now`: upload the next due operation (which is then in flight), wait, or pause.
  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction
  /// What to do at `now` with `user` signed in, uploading only what `user` may.
  ///
  /// What to do at `now` with `user` signed in (nil: nobody, so pause): as `next(now:online:signedIn:)`,
  /// but only operations `user` may upload (`SyncOperation.isUploadable(by:)`) are uploaded or
  /// waited for; another user's operations stay as they are, their budgets untouched.
  mutating func next(now: Date, online: Bool, user: String?) -> QueueAction
  /// Reports how the in-flight operation `id` ended. Affects only that operation.
  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date)
  /// The device's network came back after being offline.
  ///
  /// Under a policy that retries on reconnect (seed 004, 1.8), every operation waiting out a backoff is due
  /// at once.
  mutating func networkReturned()
  /// Puts a failed operation back in the queue with a fresh retry budget (the user's "retry").
  /// - Returns: false when `id` is not in the failed list.
  mutating func retryFailed(_ id: OperationID) -> Bool
  /// Takes pending or failed operation `id` out of the queue for good, recorded removed with `reason`.
  ///
  /// Takes pending or failed operation `id` out of the queue for good, recording it removed with
  /// `reason`: the app's own removal, as when a change no longer needs sending (an entity created
  /// and deleted before either left the device) or the user discards a failed upload.
  ///
  /// It is never sent afterwards. - Returns: false, changing nothing, for an operation in flight (its answer
  /// is on its way), one that has ended, or an id this queue never saw.
  mutating func remove(_ id: OperationID, reason: String) -> Bool
  /// Where operation `id` is; nil for an id this queue never saw.
  func state(of id: OperationID) -> OperationState?
  /// How many operations are in each state.
  func accounting() -> QueueAccounting
  /// The pending (in-flight included, as not yet done) and failed operations, to persist.
  func snapshot() -> QueueSnapshot
  /// Every way the queue's own state is inconsistent, as sentences; empty when it is sound (or when
  /// the queue cannot tell).
  func invariantViolations() -> [String]
}

extension SyncQueueing {
  /// Every operation treated as the signed-in user's, by a queue that does not keep users apart.
  ///
  /// A queue that does not keep users apart treats every operation as the signed-in user's, which
  /// the properties catch as soon as a second user signs in on the device.
  public mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    nextIgnoringOwners(now: now, online: online, user: user)
  }

  /// `next(now:online:user:)`'s default, by name, so a wrapper can run it over a queue that overrides it.
  ///
  /// Signed in exactly when a user is given, whoever owns the operations.
  public mutating func nextIgnoringOwners(now: Date, online: Bool, user: String?) -> QueueAction {
    next(now: now, online: online, signedIn: user != nil)
  }

  /// A queue that keeps its backoff across a reconnect (seed 001's) ignores it.
  public mutating func networkReturned() {}

  /// The first pending operation in processing order.
  public var oldestPending: QueuedOperation? { pending.first }

  /// A queue that does not check itself reports nothing.
  public func invariantViolations() -> [String] { [] }
}

/// What a queue persists: pending and failed operations and the next id to hand out.
public struct QueueSnapshot: Codable, Equatable, Sendable {
  /// The format version this build writes.
  public static let currentVersion = 1
  /// The format version of the snapshot.
  public var version: Int
  /// The next operation id to hand out.
  public var nextID: UInt64
  /// Pending operations (in flight included).
  public var pending: [QueuedOperation]
  /// Failed operations.
  public var failed: [FailedOperation]

  /// Creates a `QueueSnapshot` from its parts.
  public init(nextID: UInt64, pending: [QueuedOperation], failed: [FailedOperation]) {
    self.version = Self.currentVersion
    self.nextID = nextID
    self.pending = pending
    self.failed = failed
  }
}
