import Foundation

/// A point in time as Firestore stores it: whole seconds since 1970 and nanoseconds within them.
///
/// Converting a `Date` keeps every nanosecond: for dates more than ~100 days from 2001-01-01 (where
/// a `Date`'s own resolution is coarser than 1 ns) `Timestamp(date: d).dateValue() == d` exactly.
public struct Timestamp: Hashable, Comparable, Sendable, Codable {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let seconds: Int64
  /// Nanoseconds within the second, `0..<1_000_000_000` for a valid timestamp.
  public let nanoseconds: Int32

  /// 0001-01-01T00:00:00Z, the earliest time Firestore stores.
  public static let minSeconds: Int64 = -62_135_596_800
  /// 9999-12-31T23:59:59Z, the latest whole second Firestore stores.
  public static let maxSeconds: Int64 = 253_402_300_799
  static let referenceDateOffset: Int64 = 978_307_200

  /// Stores the two parts as given; check `isInFirestoreRange` before trusting them.
  public init(seconds: Int64, nanoseconds: Int32) {
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// The timestamp of `date`, rounded to the nanosecond.
  ///
  /// NB: a date outside Firestore's range (years 1–9999) is clamped into the range (to
  /// 0001-01-01T00:00:00Z or 9999-12-31T23:59:59.999999999Z), because Firestore can store nothing
  /// else, and NaN is 2001-01-01T00:00:00Z (the `Date` of interval 0); this initialiser never traps.
  public init(date: Date) {
    let lowest = Double(Self.minSeconds - Self.referenceDateOffset)
    let highest = Double(Self.maxSeconds - Self.referenceDateOffset)
    var interval = date.timeIntervalSinceReferenceDate
    if interval.isNaN { interval = 0 }
    interval = Swift.min(Swift.max(interval, lowest), highest + 1)
    var whole = interval.rounded(.down)
    var nanos = ((interval - whole) * 1e9).rounded()
    if nanos >= 1e9 {
      whole += 1
      nanos -= 1e9
    }
    if whole > highest {  // NB: clamp the parts; `highest + 0.999999999` rounds up to the next second.
      whole = highest
      nanos = 999_999_999
    }
    let exact = Timestamp(seconds: Int64(whole) + Self.referenceDateOffset, nanoseconds: Int32(nanos))
    self = exact.shortest(equalTo: date) ?? exact
  }

  /// The timestamp with the fewest fractional digits that names exactly `date`.
  ///
  /// The timestamp with the fewest fractional digits (whole seconds, then ms, µs) that names exactly
  /// `date`, as Swift prints the shortest decimal that round-trips a Double; nil when only whole
  /// nanoseconds do.
  ///
  /// NB: a whole-millisecond date is no exact Double, so rounding to the nanosecond alone would print
  /// `…52.878000021Z` for `…52.878Z`.
  ///
  /// NB: no carry into the next second: a fraction that rounds up to a whole second names that
  /// second, which is `date` only if `date` is whole, and then this timestamp has no fraction to
  /// round. The candidate with 1,000,000,000 ns is simply out of range.
  private func shortest(equalTo date: Date) -> Timestamp? {
    for step: Int64 in [1_000_000_000, 1_000_000, 1_000] {
      let nanos = (Int64(nanoseconds) + step / 2) / step * step
      let candidate = Timestamp(seconds: seconds, nanoseconds: Int32(nanos))
      if candidate.isInFirestoreRange && candidate.dateValue() == date { return candidate }
    }
    return nil
  }

  /// The time Firestore stores for `date`: to the microsecond, toward the past.
  ///
  /// The time Firestore stores for `date`: to the microsecond, rounded toward the past, as the
  /// `Date` nearest it (which `init(date:)` turns back into exactly that microsecond).
  public static func storedTime(_ date: Date) -> Date {
    let stamp = Timestamp(date: date)
    let below = stamp.nanoseconds % 1_000
    return Timestamp(seconds: stamp.seconds, nanoseconds: stamp.nanoseconds - below).dateValue()
  }

  /// True when both parts are within what Firestore accepts.
  public var isInFirestoreRange: Bool {
    (Self.minSeconds...Self.maxSeconds).contains(seconds) && (0..<1_000_000_000).contains(nanoseconds)
  }

  /// The `Date` this timestamp names, to the resolution a `Date` has.
  ///
  /// The nearest one, except in the last second of Firestore's range, where the nearest `Date` may be
  /// 10000-01-01 and the last `Date` before it is taken instead.
  public func dateValue() -> Date {
    let sinceReference = Double(seconds) - Double(Self.referenceDateOffset)
    let nearest = sinceReference + Double(nanoseconds) / 1e9
    // NB: found by the `documents` fuzz target: 9999-12-31T23:59:59.999999999Z is nearer to
    // 10000-01-01 than to any Date below it, so a valid document decoded into a model holding a
    // date Firestore cannot store (and the harness cannot print as a valid timestamp).
    let end = Double(Self.maxSeconds + 1 - Self.referenceDateOffset)
    guard seconds == Self.maxSeconds, nearest >= end else {
      return Date(timeIntervalSinceReferenceDate: nearest)
    }
    return Date(timeIntervalSinceReferenceDate: end.nextDown)
  }

  /// The order reports and files list them in.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
  }
}
