import CountMeCore
import Foundation

/// The harness's own arithmetic between a `Date` and Firestore's seconds and nanoseconds.
///
/// The harness's own arithmetic between a `Date` and the two parts Firestore stores (whole seconds
/// since 1970 and nanoseconds within them), written from the specification so that no oracle asks
/// CountMeCore's `Timestamp(date:)` or `dateValue()` what a date is.
///
/// A `Date` is a Double of seconds since 2001-01-01T00:00:00Z, which is 978,307,200 s after 1970.
/// Nothing here clamps: a date past 9999 stays past 9999, so a model that moves a date is seen.
public enum FirestoreTime {
  /// Seconds from 1970-01-01 to 2001-01-01, where a `Date` counts from.
  public static let secondsFrom1970To2001: Int64 = 978_307_200

  /// 0001-01-01T00:00:00Z, the first instant Firestore stores: 719,162 days before 1970.
  public static let firstSecond: Int64 = -719_162 * 86_400
  /// 9999-12-31T23:59:59Z, the last whole second Firestore stores: 2,932,897 days after 1970,
  /// less one second.
  public static let lastSecond: Int64 = 2_932_897 * 86_400 - 1
  /// `firstSecond` as a `Date` counts it: seconds since 2001-01-01.
  public static let firstSecondSince2001 = Double(firstSecond - secondsFrom1970To2001)
  /// `lastSecond` as a `Date` counts it: seconds since 2001-01-01.
  public static let lastSecondSince2001 = Double(lastSecond - secondsFrom1970To2001)

  /// The `Date` that `seconds` and `nanoseconds` since 1970 name, to a `Date`'s resolution.
  ///
  /// The nearest, except that a time in the last second of Firestore's range names the last `Date` before
  /// 10000-01-01 when the nearest would be 10000-01-01.
  public static func date(seconds: Int64, nanoseconds: Int32) -> Date {
    let nearest = Double(seconds) - Double(secondsFrom1970To2001) + Double(nanoseconds) / 1e9
    // The specification's one exception: a time in Firestore's last second names a Date before
    // 10000-01-01 (the nearest Date to 23:59:59.999999999 is 10000-01-01 itself).
    let end = Double(lastSecond + 1 - secondsFrom1970To2001)
    guard seconds == lastSecond, nearest >= end else { return Date(timeIntervalSinceReferenceDate: nearest) }
    return Date(timeIntervalSinceReferenceDate: end.nextDown)
  }

  /// True when Firestore stores these parts: seconds from `firstSecond` to `lastSecond`,
  /// nanoseconds from 0 to 999,999,999.
  ///
  /// (The harness's own check: never CountMeCore's `isInFirestoreRange`, which the properties judge.)
  public static func isStorable(_ timestamp: Timestamp) -> Bool {
    (firstSecond...lastSecond).contains(timestamp.seconds)
      && (0..<1_000_000_000).contains(timestamp.nanoseconds)
  }

  /// The `Date` a timestamp's parts name (its parts read as given, in range or not).
  public static func date(_ timestamp: Timestamp) -> Date {
    date(seconds: timestamp.seconds, nanoseconds: timestamp.nanoseconds)
  }

  /// The parts of `date` with the fewest fraction digits that name it exactly.
  ///
  /// The parts of `date` with the fewest fraction digits (whole seconds, then milliseconds, then
  /// microseconds) that name it exactly, else rounded to the nanosecond; nil for a date that is not
  /// finite or lies beyond ±2⁶² seconds.
  public static func parts(of date: Date) -> Timestamp? {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, interval.magnitude < 0x1p62 else { return nil }
    let whole = interval.rounded(.down)
    let nanoseconds = Int64(((interval - whole) * 1e9).rounded())
    let exact = normalised(seconds: Int64(whole) + secondsFrom1970To2001, nanoseconds: nanoseconds)
    for step: Int64 in [1_000_000_000, 1_000_000, 1_000] {
      let rounded = (Int64(exact.nanoseconds) + step / 2) / step * step
      let candidate = normalised(seconds: exact.seconds, nanoseconds: rounded)
      if self.date(candidate) == date { return candidate }
    }
    return exact
  }

  /// The timestamp Firestore stores for `date`, for documents the harness writes itself.
  ///
  /// A date the generators never draw (not finite, or beyond ±2⁶² s) is the epoch.
  public static func stamp(_ date: Date) -> Timestamp {
    parts(of: date) ?? Timestamp(seconds: 0, nanoseconds: 0)
  }

  private static func normalised(seconds: Int64, nanoseconds: Int64) -> Timestamp {
    nanoseconds >= 1_000_000_000
      ? Timestamp(seconds: seconds + 1, nanoseconds: Int32(nanoseconds - 1_000_000_000))
      : Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
  }
}
