import Foundation

/// Where an enqueued operation is. Every operation ever enqueued is in exactly one state.
public enum OperationState: Equatable, Sendable, CustomStringConvertible {
  case pending
  case inFlight
  case succeeded
  /// Replaced by a newer operation on the same entity (or, arriving out of order, by an older
  /// one's newer sibling already queued).
  case superseded(by: OperationID)
  /// Dropped at capacity, or trimmed when a persisted queue was loaded above capacity.
  case dropped(reason: String)
  /// A permanent failure, or retries exhausted; `error` is the last real error.
  case failed(SyncError)
  /// Taken out of the queue by the app, or by the queue's rules, for `reason`.
  ///
  /// Taken out of the queue by the app (`SyncQueueing.remove`), for the reason it gave, or by the
  /// queue's rules (a decoding failure under seed 004's, `QueueRules.Failures.discardDecoding`).
  case removed(reason: String)

  /// How reports print it.
  public var description: String {
    switch self {
    case .pending: return "pending"
    case .inFlight: return "in flight"
    case .succeeded: return "succeeded"
    case .superseded(let id): return "superseded by \(id)"
    case .dropped(let reason): return "dropped (\(reason))"
    case .failed(let error): return "failed (\(error))"
    case .removed(let reason): return "removed (\(reason))"
    }
  }
}

/// An operation waiting in the queue, with its own retry state.
public struct QueuedOperation: Codable, Equatable, Sendable {
  /// The operation's id in its queue.
  public let id: OperationID
  /// What to send.
  public let operation: SyncOperation
  /// Attempts made so far.
  public var attempts: Int
  /// Not to be attempted before this time (backoff); nil when it may go at once.
  public var notBefore: Date?
  /// The error of the last failed attempt, if any.
  public var lastError: SyncError?

  /// Creates a `QueuedOperation` from its parts.
  public init(
    id: OperationID, operation: SyncOperation, attempts: Int, notBefore: Date?, lastError: SyncError?
  ) {
    self.id = id
    self.operation = operation
    self.attempts = attempts
    self.notBefore = notBefore
    self.lastError = lastError
  }
}

/// An operation that left the queue without succeeding, kept so the user can retry it by hand.
public struct FailedOperation: Codable, Equatable, Sendable {
  /// The operation's id in its queue.
  public let id: OperationID
  /// What to send.
  public let operation: SyncOperation
  /// Attempts made.
  public let attempts: Int
  /// The last real error (never a generic "max retries").
  public let error: SyncError

  /// Creates a `FailedOperation` from its parts.
  public init(id: OperationID, operation: SyncOperation, attempts: Int, error: SyncError) {
    self.id = id
    self.operation = operation
    self.attempts = attempts
    self.error = error
  }
}

/// What the queue wants done next.
public enum QueueAction: Equatable, Sendable {
  /// Upload (or delete) this operation now; it is in flight until `complete` is called for it.
  case upload(OperationID, SyncOperation)
  /// Nothing is due before this time (the earliest backoff ends).
  case wait(until: Date)
  /// Offline or signed out: nothing is attempted, nothing is spent.
  case paused
  /// An operation is already in flight, or nothing is pending.
  case idle
}

/// How many operations are in each state: the queue's books, which must always balance.
public struct QueueAccounting: Equatable, Sendable {
  /// Operations ever enqueued.
  public var enqueued = 0
  /// Waiting to be sent.
  public var pending = 0
  /// Sent, not yet answered.
  public var inFlight = 0
  /// Landed in the cloud.
  public var succeeded = 0
  /// Replaced by a newer operation on the same entity.
  public var superseded = 0
  /// Dropped at capacity.
  public var dropped = 0
  /// Failed for good.
  public var failed = 0
  /// Taken out by the app.
  public var removed = 0

  /// Creates a `QueueAccounting` from its parts.
  public init() {}

  /// Adds `delta` to the count of `state`.
  public mutating func count(_ state: OperationState, by delta: Int) {
    switch state {
    case .pending: pending += delta
    case .inFlight: inFlight += delta
    case .succeeded: succeeded += delta
    case .superseded: superseded += delta
    case .dropped: dropped += delta
    case .failed: failed += delta
    case .removed: removed += delta
    }
  }

  /// True when every enqueued operation is counted in exactly one state.
  public var balances: Bool {
    enqueued == pending + inFlight + succeeded + superseded + dropped + failed + removed
  }
}
