import CountMeContract
import CountMeCore
import Generators

/// What an adapter may fix about the sync scenarios: its queue's capacity and retry policy, when
/// they are not the ranges the properties draw from.
///
/// A nil range keeps each property's own.
///
/// A run with options must be replayed with the same options: a replay token names the case, not
/// the options it was drawn under.
public struct SyncOptions: Sendable, Equatable {
  /// Queue capacities to draw (P13 uses 1,000 unless this is set).
  public var capacity: ClosedRange<Int>?
  /// Seconds before the first retry.
  public var initialDelay: ClosedRange<Int>?
  /// The cap on the backoff, in seconds.
  public var maxDelay: ClosedRange<Int>?
  /// Retries after the first attempt.
  public var maxRetries: ClosedRange<Int>?

  /// Options that fix the given ranges and keep the properties' own for the rest.
  public init(
    capacity: ClosedRange<Int>? = nil, initialDelay: ClosedRange<Int>? = nil,
    maxDelay: ClosedRange<Int>? = nil,
    maxRetries: ClosedRange<Int>? = nil
  ) {
    self.capacity = capacity
    self.initialDelay = initialDelay
    self.maxDelay = maxDelay
    self.maxRetries = maxRetries
  }

  /// True when the options fix any part of the retry policy (a property's own policies then yield).
  var fixesPolicy: Bool { initialDelay != nil || maxDelay != nil || maxRetries != nil }

  /// `capacity` under these options: drawn from the fixed range, or the property's own.
  package func capacity(_ own: Generator<Int>) -> Generator<Int> {
    capacity.map { Gen.int(in: $0, shrinkingToward: $0.upperBound) } ?? own
  }

  /// Retry policies under these options.
  ///
  /// Each part from its fixed range, or the small ranges the properties use so retries run out within a
  /// scenario (initial 1–4 s, cap 4–120 s, 0–6 retries).
  package var policy: Generator<RetryPolicy> {
    Gen.zip(
      Gen.zip(Gen.int(in: initialDelay ?? 1...4), Gen.int(in: maxDelay ?? 4...120)),
      Gen.int(in: maxRetries ?? 0...6)
    ).map { delays, retries in
      RetryPolicy(initialDelay: Double(delays.0), maxDelay: Double(delays.1), maxRetries: retries)
    }
  }
}
