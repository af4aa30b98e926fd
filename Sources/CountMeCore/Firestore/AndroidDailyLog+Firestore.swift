import Foundation

extension AndroidDailyLog {
  /// The document both clients write at `users/{uid}/dailyLogs/{id}`.
  ///
  /// `date` and `updatedAt` as integers (`Int64`, as the Android SDK writes a Kotlin `Long`), numbers as
  /// `Double`, ids as lower-case strings (`documentId(of:)`); `dailyGoal` only when there is one.
  public func toFirestoreData() -> [String: Any] {
    var data: [String: Any] = [
      "id": Self.documentId(of: id), "userId": userId, "date": epochDay,
      "foodItemIds": foodItemIds.map(Self.documentId),
      "exerciseItemIds": exerciseItemIds.map(Self.documentId),
      "totalCalories": totalCalories, "updatedAt": updatedAt,
    ]
    data["dailyGoal"] = dailyGoal
    return data
  }

  /// Reads a document either client wrote, checking every rule.
  ///
  /// `date` and `updatedAt` must be integers (a floating-point number, even a whole one, is the
  /// wrong type: neither client writes one); `date` a local date of an instant of years 1 to 9999
  /// (`EpochDay.readable`: 0000-12-31 to 10000-01-01), negative before 1970;
  /// `updatedAt` a second of years 1 to 9999. An item id that is no UUID names no item and is left
  /// out, as on iOS; ids are read in either case (`CanonicalUUID`).
  /// - Throws: `SyncError.missingField`/`.wrongType` for a malformed document and
  ///   `SyncError.invalidData` for a value that breaks a rule or an empty owner.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> AndroidDailyLog {
    let doc = DocumentReader(data, model: "DailyLog")
    let id = try doc.uuid("id")
    let userId = try doc.visibleString("userId")
    let epochDay = try doc.integer("date")
    guard EpochDay.readable.contains(epochDay) else {
      throw doc.invalid(
        "date", .outOfRange, String(epochDay), "the epoch day is no local date of years 0001…9999 (UTC)")
    }
    let foodItemIds = try doc.strings("foodItemIds").compactMap(CanonicalUUID.parse)
    let exerciseItemIds = try doc.strings("exerciseItemIds").compactMap(CanonicalUUID.parse)
    let totalCalories = try doc.total("totalCalories")
    let dailyGoal = try doc.optionalNumber("dailyGoal")
    _ = try doc.validated { try Rules.goal(dailyGoal) }
    let updatedAt = try doc.integer("updatedAt")
    guard (Timestamp.minSeconds...Timestamp.maxSeconds).contains(updatedAt) else {
      throw doc.invalid(
        "updatedAt", .outOfRange, String(updatedAt), "the second is outside years 0001…9999")
    }
    return AndroidDailyLog(
      id: id, userId: userId, epochDay: epochDay, foodItemIds: foodItemIds,
      exerciseItemIds: exerciseItemIds, totalCalories: totalCalories, dailyGoal: dailyGoal,
      updatedAt: updatedAt)
  }
}
