import CountMeCore
import Foundation

/// RFC 3339 timestamps in UTC, computed with civil-calendar arithmetic.
///
/// RFC 3339 timestamps in UTC (`2026-01-19T08:00:00Z`, `…00.125Z`), computed from `Timestamp`'s
/// parts with civil-calendar arithmetic: no `DateFormatter`, no time zone, the same text everywhere.
public enum RFC3339 {
  /// `timestamp` as `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, the fraction with trailing zeros removed.
  public static func format(_ timestamp: Timestamp) -> String {
    let days = floorDivide(timestamp.seconds, 86_400)
    let secondOfDay = timestamp.seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    // NB: written digit by digit into one buffer: the model oracles format dates on every case,
    // and string concatenation made this most of a model property's time.
    return String(unsafeUninitializedCapacity: 48) { buffer in
      var at = 0
      /// `value`'s digits, zero-padded on the left to `width` (a minus sign after the zeros).
      func append(_ value: Int64, width: Int) {
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude / 10
        while probe > 0 {
          digits += 1
          probe /= 10
        }
        let sign = value < 0 ? 1 : 0
        for _ in 0..<Swift.max(0, width - digits - sign) { put(48) }
        if sign == 1 { put(45) }
        var index = at + digits - 1
        for _ in 0..<digits {
          buffer[index] = 48 + UInt8(magnitude % 10)
          magnitude /= 10
          index -= 1
        }
        at += digits
      }
      func put(_ byte: UInt8) {
        buffer[at] = byte
        at += 1
      }
      append(year, width: 4)
      put(45)
      append(month, width: 2)
      put(45)
      append(day, width: 2)
      put(84)
      append(secondOfDay / 3_600, width: 2)
      put(58)
      append(secondOfDay / 60 % 60, width: 2)
      put(58)
      append(secondOfDay % 60, width: 2)
      if timestamp.nanoseconds > 0 {
        put(46)
        append(Int64(timestamp.nanoseconds), width: 9)
        while buffer[at - 1] == 48 { at -= 1 }
      }
      put(90)
      return at
    }
  }

  /// Parses an RFC 3339 timestamp; nil when it is not one, or is out of Firestore's range.
  ///
  /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil when it is not that (a fraction of 1 to
  /// 9 digits, an offset of at most 23:59), or out of Firestore's range.
  public static func parse(_ text: String) -> Timestamp? {
    let chars = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= chars.count, range.allSatisfy({ (48...57).contains(chars[$0]) }) else {
        return nil
      }
      return range.reduce(0) { $0 * 10 + Int64(chars[$1] - 48) }
    }
    guard chars.count >= 20, chars[4] == 45, chars[7] == 45, chars[10] == 84 || chars[10] == 116,
      chars[13] == 58, chars[16] == 58,
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    var index = 19
    var nanoseconds: Int64 = 0
    if chars[index] == 46 {
      index += 1
      var digits = 0
      while index < chars.count, (48...57).contains(chars[index]) {
        if digits < 9 { nanoseconds = nanoseconds * 10 + Int64(chars[index] - 48) }
        digits += 1
        index += 1
      }
      // NB: a Timestamp holds nanoseconds; a tenth digit would be lost, so it is refused, not cut.
      guard (1...9).contains(digits) else { return nil }
      for _ in 0..<(9 - digits) { nanoseconds *= 10 }
    }
    var offset: Int64 = 0
    guard index < chars.count else { return nil }
    if chars[index] == 90 || chars[index] == 122 {
      index += 1
    } else if chars[index] == 43 || chars[index] == 45, let hours = number(index + 1..<index + 3),
      index + 3 < chars.count, chars[index + 3] == 58, let minutes = number(index + 4..<index + 6),
      hours < 24, minutes < 60
    {
      offset = (hours * 3_600 + minutes * 60) * (chars[index] == 45 ? -1 : 1)
      index += 6
    } else {
      return nil
    }
    guard index == chars.count else { return nil }
    let seconds =
      days(fromYear: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
    let timestamp = Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
    return FirestoreTime.isStorable(timestamp) ? timestamp : nil
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension FirestoreTime {
  /// `date` as RFC 3339 text from the harness's own arithmetic.
  ///
  /// `date` as RFC 3339 text from the harness's own arithmetic (`2026-01-19T08:00:00.125Z`), or
  /// what it is when it names no instant; outside years 1–9999 the year takes the digits it needs,
  /// so a date a model moved out of range reads differently from the one it was given.
  public static func text(_ date: Date) -> String {
    guard let parts = parts(of: date) else { return "not a date (\(date.timeIntervalSinceReferenceDate))" }
    return RFC3339.format(parts)
  }
}
