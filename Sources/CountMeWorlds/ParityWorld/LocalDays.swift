import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators

/// The harness's own arithmetic of local days, written from seed 003's definition.
///
/// The harness's own arithmetic of local days, written from seed 003's definition (days since
/// 1970-01-01 in the user's zone at the moment of saving), never CountMeCore's `EpochDay`: the
/// instant's whole seconds (`FirestoreTime`), clamped into Firestore's years 1 to 9999, plus the
/// zone's offset at it, divided into days toward the past.
package enum LocalDays {
  /// The whole second of `date`, toward the past, clamped into years 1 to 9999: the `updatedAt`
  /// both clients write for it.
  package static func wholeSecond(_ date: Date) -> Int64 {
    let interval = date.timeIntervalSinceReferenceDate
    if interval.isNaN { return FirestoreTime.secondsFrom1970To2001 }
    if interval < FirestoreTime.firstSecondSince2001 { return FirestoreTime.firstSecond }
    if interval >= FirestoreTime.lastSecondSince2001 + 1 { return FirestoreTime.lastSecond }
    guard let parts = FirestoreTime.parts(of: date) else { return FirestoreTime.lastSecond }
    return min(parts.seconds, FirestoreTime.lastSecond)
  }

  /// The local day `date` falls on in `zone`.
  package static func day(_ date: Date, in zone: SavingZone) -> Int64 {
    floorDays(wholeSecond(date) + Int64(zone.offsetSeconds(at: date)))
  }

  /// The local day of the instant `seconds` since 1970 in `zone`.
  package static func day(atSecond seconds: Int64, in zone: SavingZone) -> Int64 {
    floorDays(seconds + Int64(zone.offsetSeconds(at: Date(timeIntervalSince1970: Double(seconds)))))
  }

  static func floorDays(_ seconds: Int64) -> Int64 {
    seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
  }

  /// What is wrong with `start` as the first instant of local day `day` in `zone`, or nil.
  ///
  /// It must be a whole second on that day (or, for a day the zone skipped, on a later one) whose second
  /// before is on an earlier day.
  ///
  /// In a fixed offset that is exactly local midnight.
  package static func startProblem(_ start: Date, day: Int64, in zone: SavingZone) -> String? {
    let name = "the start of day \(day) in \(zone.name)"
    guard let parts = FirestoreTime.parts(of: start), parts.nanoseconds == 0 else {
      return "\(name) was read as \(start.timeIntervalSince1970) s since 1970, not a whole second"
    }
    let seconds = parts.seconds
    if case .offset(let minutes) = zone {
      let midnight = day * 86_400 - Int64(minutes) * 60
      return seconds == midnight
        ? nil : "\(name) was read as \(seconds) s since 1970, not its midnight, \(midnight) s"
    }
    let onDay = Self.day(atSecond: seconds, in: zone)
    if onDay < day { return "\(name) was read as \(seconds) s since 1970, which is day \(onDay) there" }
    let before = Self.day(atSecond: seconds - 1, in: zone)
    if before >= day {
      return
        "\(name) was read as \(seconds) s since 1970, but the second before is day \(before) there, not earlier"
    }
    return nil
  }
}
