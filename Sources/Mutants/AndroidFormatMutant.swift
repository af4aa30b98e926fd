import CountMeContract
import CountMeCore
import Foundation

/// One bug in the iOS app's reading or writing of seed 003's Android daily-log document; the rest
/// is the reference.
struct AndroidFormatMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// The day counted in UTC, not in the user's zone: a log saved at 23:30 in New York is dated
    /// the next day.
    case epochDayInUTC
    /// `updatedAt` rounded to the nearest second where the Android client truncates: a change at
    /// .5 s or later is written a second late.
    case secondsRounded
    /// `updatedAt` read as milliseconds, as a JavaScript-minded client stores times.
    case updatedAtAsMilliseconds
    /// The time of the last change written under the iOS name, `lastModified`.
    case iOSFieldName
    /// A negative epoch day (a log before 1970) refused as invalid.
    case rejectsNegativeDays
    /// Ids written as Swift's `uuidString`, upper case: an Android log read and saved on iOS goes
    /// to another document.
    case upperCaseIds
    /// A day beyond what Firestore's instants reach is read as any other (no range check).
    case dayRangeUnchecked
    /// A whole floating-point day read as the integer, where Android's `getLong` would not map it.
    ///
    /// A whole floating-point day (`19792.0`, as a client that keeps numbers as doubles writes it)
    /// read as the integer: a document Android's `getLong` would not map.
    case acceptsWholeDoubleDay
    /// A day's start taken as midnight less the offset at midnight, never checked.
    ///
    /// A day's start taken as midnight less the offset at midnight UTC-reckoned, never checked:
    /// where clocks skip or repeat midnight, the log lands on the day before or an hour late.
    case naiveStartOfDay
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func encodeAndroidDailyLog(_ arguments: DailyLogArguments, savedIn zone: TimeZone) throws -> [String: Any] {
    let log = try arguments.construct()
    var data = try reference.encodeAndroidDailyLog(arguments, savedIn: zone)
    switch bug {
    case .epochDayInUTC: data["date"] = EpochDay.of(log.date, in: TimeZone(secondsFromGMT: 0) ?? zone)
    case .secondsRounded:
      let seconds = log.lastModified.timeIntervalSince1970.rounded()
      if seconds.magnitude < 0x1p62 { data["updatedAt"] = Int64(seconds) }
    case .iOSFieldName: data["lastModified"] = data.removeValue(forKey: "updatedAt")
    case .upperCaseIds:
      data["id"] = log.id.uuidString
      data["foodItemIds"] = log.foodItems.map(\.id.uuidString)
      data["exerciseItemIds"] = log.exerciseItems.map(\.id.uuidString)
    default: break
    }
    return data
  }

  func androidDailyLogPath(userId: String, id: UUID) -> String {
    guard bug == .upperCaseIds else { return reference.androidDailyLogPath(userId: userId, id: id) }
    return "users/\(userId)/dailyLogs/\(id.uuidString)"
  }

  func decodeAndroidDailyLog(_ document: [String: Any], readIn zone: TimeZone) throws -> LogDocumentArguments
  {
    if bug == .rejectsNegativeDays, let day = document["date"] as? Int64, day < 0 {
      throw SyncError.invalidData(
        DataViolation(
          model: "DailyLog", field: "date", rule: .negative, value: String(day), detail: "it is below 0"))
    }
    var document = document
    if bug == .acceptsWholeDoubleDay, let day = document["date"] as? Double, let whole = Int64(exactly: day) {
      document["date"] = whole
    }
    if bug == .dayRangeUnchecked, let day = document["date"] as? Int64, !EpochDay.readable.contains(day) {
      document["date"] = Int64(0)
      var read = try reference.decodeAndroidDailyLog(document, readIn: zone)
      read.date = EpochDay.start(of: day, in: zone)
      return read
    }
    var read = try reference.decodeAndroidDailyLog(document, readIn: zone)
    switch bug {
    case .updatedAtAsMilliseconds:
      read.lastModified = Date(timeIntervalSince1970: read.lastModified.timeIntervalSince1970 / 1_000)
    case .naiveStartOfDay:
      let midnight = Double(try AndroidDailyLog.fromFirestoreData(document).epochDay * 86_400)
      read.date = Date(
        timeIntervalSince1970: midnight
          - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: midnight))))
    default: break
    }
    return read
  }
}
