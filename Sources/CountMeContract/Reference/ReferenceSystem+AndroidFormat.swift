import CountMeCore
import Foundation

extension ReferenceSystem {
  /// CountMeCore's `AndroidDailyLog(_:savedIn:)`, then `toFirestoreData()`.
  public func encodeAndroidDailyLog(_ arguments: DailyLogArguments, savedIn zone: TimeZone) throws
    -> [String: Any]
  {
    AndroidDailyLog(try arguments.construct(), savedIn: zone).toFirestoreData()
  }

  /// CountMeCore's `AndroidDailyLog.path`.
  public func androidDailyLogPath(userId: String, id: UUID) -> String {
    AndroidDailyLog.path(of: id, userId: userId).description
  }

  /// CountMeCore's `AndroidDailyLog.fromFirestoreData`, then `dailyLog(in:)`.
  public func decodeAndroidDailyLog(_ document: [String: Any], readIn zone: TimeZone) throws
    -> LogDocumentArguments
  {
    try LogDocumentArguments(AndroidDailyLog.fromFirestoreData(document), readIn: zone)
  }
}

extension LogDocumentArguments {
  /// What CountMeCore's `document` holds, read in `zone` (`AndroidDailyLog.dailyLog(in:)`).
  ///
  /// - Throws: `ValidationError` for a goal outside its range.
  public init(_ document: AndroidDailyLog, readIn zone: TimeZone) throws {
    let log = try document.dailyLog(in: zone)
    self.init(
      id: log.id, userId: log.userId, date: log.date, foodItemIds: document.foodItemIds,
      exerciseItemIds: document.exerciseItemIds, totalCalories: document.totalCalories,
      dailyGoal: log.dailyGoal, lastModified: log.lastModified)
  }
}
