import Foundation

/// How a sync policy's queue retries and orders its operations: the queue's half of a `SyncPolicy`.
///
/// `SyncQueue` reads it; the W properties' oracles read the same value from the policy they judge.
public struct QueueRules: Hashable, Sendable {
  /// Which due operation goes first.
  public enum Order: Hashable, Sendable {
    /// The oldest, by timestamp (requirement 7: the order the changes were made in).
    case timestamp
    /// The types listed first go first, the oldest first within a type; an unlisted type goes after
    /// every listed one (seed 004, 1.3).
    case priority([EntityType])
  }

  /// What a failed attempt does to its operation.
  public enum Failures: Hashable, Sendable {
    /// Transient errors are retried within the budget; any other fails the operation at once.
    ///
    /// A retryable error (`SyncError.isRetryable`) is retried within the budget; any other fails
    /// the operation at once, kept in the failed list for the user's retry (seed 001).
    case retryTransient
    /// A decoding failure removes the operation at once; every other error is retried within the budget.
    ///
    /// A decoding failure (`SyncError.isMalformed`) takes the operation out of the queue at once,
    /// recorded removed with its reason; every other error is retried within the budget, and an
    /// operation out of budget is kept in the failed list, never deleted (seed 004, 1.2: "needs
    /// manual intervention").
    case discardDecoding
  }

  /// The retry budget and the delays between attempts.
  public var retry: RetryPolicy
  /// Which due operation goes first.
  public var order: Order
  /// What a failed attempt does.
  public var failures: Failures
  /// Whether the network's return makes every waiting operation due at once.
  ///
  /// Whether the network's return makes every waiting operation due at once (seed 004, 1.8:
  /// "triggers retryFailedSyncs() when network returns"); a queue told of it otherwise keeps its
  /// backoff.
  public var retryOnReconnect: Bool

  /// Creates a `QueueRules` from its parts.
  public init(retry: RetryPolicy, order: Order, failures: Failures, retryOnReconnect: Bool) {
    self.retry = retry
    self.order = order
    self.failures = failures
    self.retryOnReconnect = retryOnReconnect
  }

  /// Seed 001's queue with `retry`: timestamp order, only transient errors retried, backoff kept
  /// across a reconnect.
  public static func countme(retry: RetryPolicy = RetryPolicy()) -> QueueRules {
    QueueRules(retry: retry, order: .timestamp, failures: .retryTransient, retryOnReconnect: false)
  }

  /// Seed 004's queue: 5 attempts 300 s apart, priority order, decoding failures discarded.
  ///
  /// Seed 004's queue: at most 5 attempts (`retryCount < 5`, so 4 retries after the first), each
  /// retry 300 s after a failure (the background polling interval, constant), priority order,
  /// decoding failures discarded, everything waiting retried when the network returns.
  public static let workout = QueueRules(
    retry: RetryPolicy(initialDelay: 300, maxDelay: 300, maxRetries: 4),
    order: .priority(EntityType.workoutTypes),
    failures: .discardDecoding, retryOnReconnect: true)

  /// Where `type` stands in the order: 0 first; under timestamp order, 0 for every type.
  public func rank(of type: EntityType) -> Int {
    guard case .priority(let types) = order else { return 0 }
    return types.firstIndex(of: type) ?? types.count
  }
}
