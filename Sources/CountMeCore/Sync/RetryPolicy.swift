/// Exponential backoff: the delay before retry n (0-based) is min(initialDelay × 2ⁿ, maxDelay).
///
/// `maxRetries` counts retries after the first attempt: an operation failing transiently is
/// attempted at most `maxRetries + 1` times, with `maxRetries` delays between attempts.
///
/// Any values are accepted and clamped where they are used (`retries`, `delay(beforeRetry:)`), so
/// no policy can make a queue trap or wait forever: a delay that is NaN or negative counts as 0,
/// one above a year (infinity included) as a year; a `maxDelay` below `initialDelay` caps every
/// delay at `maxDelay`; `maxRetries` counts from 0 to 1,000,000.
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

  /// The longest delay any policy waits: a year.
  public static let longestDelay: Double = 31_536_000
  /// The most retries any policy makes.
  public static let mostRetries = 1_000_000

  /// Retries after the first attempt, as applied: `maxRetries` clamped to `0...mostRetries`.
  public var retries: Int { min(max(maxRetries, 0), Self.mostRetries) }

  /// A delay as applied: NaN or negative is 0, above `longestDelay` is `longestDelay`.
  static func clamped(_ seconds: Double) -> Double {
    seconds.isNaN || seconds < 0 ? 0 : min(seconds, longestDelay)
  }

  /// Seconds to wait before retry `retry` (0 for the first retry), with the values clamped.
  public func delay(beforeRetry retry: Int) -> Double {
    let cap = Self.clamped(maxDelay)
    // NB: doubling stops at the cap, so a large `retry` costs at most about 60 doublings and
    // can't overflow to infinity × 0.
    var delay = Self.clamped(initialDelay)
    var doublings = 0
    while doublings < retry && delay < cap && delay > 0 {
      delay *= 2
      doublings += 1
    }
    return min(delay, cap)
  }
}

extension SyncError {
  /// True for a failure that may pass on its own.
  ///
  /// The network dropped, the cloud was unavailable or timed out (which is also how a lost acknowledgement
  /// looks), or the device's store could not be read for the upload.
  ///
  /// Everything else (invalid data, permission denied, not authenticated, a malformed document) is permanent:
  /// retrying can't help.
  public var isRetryable: Bool {
    switch self {
    case .networkUnavailable, .cloudUnavailable, .deadlineExceeded, .localStoreUnavailable: return true
    default: return false
    }
  }
}
