import Foundation

/// A calendar day as the Android client stores a daily log's `date`: days since 1970-01-01 in the user's zone.
///
/// A calendar day as the Android client stores a daily log's `date` (seed 003, 1.3): the number of
/// days since 1970-01-01, proleptic Gregorian, in the user's time zone at the moment of saving.
///
/// NB: computed from the zone's offset at the instant (`secondsFromGMT(for:)`), never from a
/// `Calendar`: Foundation's Gregorian calendar switches to the Julian calendar before 1582-10-15,
/// and Android's `LocalDate.toEpochDay()` does not.
public enum EpochDay {
  /// 0001-01-01, the first day Firestore's timestamps reach.
  public static let first: Int64 = -719_162
  /// 9999-12-31, the last day Firestore's timestamps reach.
  public static let last: Int64 = 2_932_896
  /// The days a document may hold: the local dates of the instants Firestore stores (years 1 to
  /// 9999 in UTC) in any zone, one day more either side.
  ///
  /// NB: found by X1.3: 9999-12-31T11:15Z is 10000-01-01 at +12:45, and a log saved then was written as a day
  /// its own reader refused.
  public static let readable = (first - 1)...(last + 1)
  static let secondsPerDay: Int64 = 86_400

  /// The day `date` falls on in `zone`.
  ///
  /// Its whole seconds since 1970 (toward the past), plus the zone's offset at that instant, divided into
  /// days toward the past.
  ///
  /// NB: a date outside Firestore's range is first clamped into it (`Timestamp(date:)`), which
  /// keeps the local day of every instant whose local date is in years 1 to 9999.
  public static func of(_ date: Date, in zone: TimeZone) -> Int64 {
    let seconds = Timestamp(date: date).seconds
    return floorDays(seconds + Int64(zone.secondsFromGMT(for: date)))
  }

  /// The first instant of local day `day` in `zone`, in whole seconds.
  ///
  /// Its midnight; where the zone's clocks skip midnight, the instant they jump past it (01:00 at a DST
  /// change at 00:00); where midnight happens twice, the first; where the zone skips the whole day (Samoa,
  /// 2011-12-30), the first instant of the next one.
  public static func start(of day: Int64, in zone: TimeZone) -> Date {
    let midnight = day * secondsPerDay
    // The usual case, a midnight that happens once: two offset lookups find it.
    var guess = midnight - Int64(zone.secondsFromGMT(for: date(midnight)))
    guess = midnight - Int64(zone.secondsFromGMT(for: date(guess)))
    if local(guess, zone) == midnight, local(guess - 1, zone) < midnight { return date(guess) }
    // A skipped or repeated midnight: the first second whose local time reaches it. Offsets are
    // under a day, so it lies within a day either side.
    var (below, above) = (midnight - 2 * secondsPerDay, midnight + 2 * secondsPerDay)
    while above - below > 1 {
      let middle = below + (above - below) / 2
      if local(middle, zone) >= midnight { above = middle } else { below = middle }
    }
    return date(above)
  }

  /// Local seconds since 1970 of instant `seconds` in `zone`.
  private static func local(_ seconds: Int64, _ zone: TimeZone) -> Int64 {
    seconds + Int64(zone.secondsFromGMT(for: date(seconds)))
  }

  private static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: Double(seconds)) }

  /// `seconds` divided into days toward the past (1969-12-31T23:59:59 is day -1).
  static func floorDays(_ seconds: Int64) -> Int64 {
    let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: secondsPerDay)
    return remainder < 0 ? quotient - 1 : quotient
  }
}
