/// Exponential backoff: the delay before retry n (0-based) is min(initialDelay × 2ⁿ, maxDelay).
///
/// `maxRetries` counts retries after the first attempt: an operation failing transiently is
/// attempted at most `maxRetries + 1` times, with `maxRetries` delays between attempts.
public struct RetryPolicy: Codable, Hashable, Sendable {
  /// Seconds before the first retry.
  public var initialDelay: Double
  /// The most seconds between two attempts.
  public var maxDelay: Double
  /// Retries after the first attempt: at most `maxRetries + 1` attempts.
  public var maxRetries: Int

  /// Creates a `RetryPolicy` from its parts.
  public init(initialDelay: Double = 1, maxDelay: Double = 60, maxRetries: Int = 6) {
    self.initialDelay = initialDelay
    self.maxDelay = maxDelay
    self.maxRetries = maxRetries
  }

  /// Seconds to wait before retry `retry` (0 for the first retry).
  public func delay(beforeRetry retry: Int) -> Double {
    // NB: doubling in a loop, capped as it goes, so a large `retry` can't overflow to infinity × 0.
    var delay = initialDelay
    for _ in 0..<max(retry, 0) where delay < maxDelay { delay *= 2 }
    return min(delay, maxDelay)
  }
}

extension SyncError {
  /// True for a failure that may pass on its own: the network dropped, the cloud was unavailable or
  /// timed out (which is also how a lost acknowledgement looks). Everything else (invalid data,
  /// permission denied, not authenticated, a malformed document) is permanent: retrying can't help.
  public var isRetryable: Bool {
    switch self {
    case .networkUnavailable, .cloudUnavailable, .deadlineExceeded: return true
    default: return false
    }
  }
}
