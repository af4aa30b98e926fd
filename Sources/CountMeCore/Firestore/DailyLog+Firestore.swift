import Foundation

extension DailyLog {
  /// The document the app writes at `users/{uid}/dailyLogs/{id}`.
  ///
  /// Food and exercise items are documents of their own; the log stores their ids and its total.
  public func toFirestoreData() -> [String: Any] {
    var data: [String: Any] = [
      "id": id.idText, "date": Timestamp(date: date), "totalCalories": totalCalories,
      "foodItemIds": foodItems.map(\.id.idText), "exerciseItemIds": exerciseItems.map(\.id.idText),
      "userId": userId, "lastModified": Timestamp(date: lastModified), "syncStatus": syncStatus.rawValue,
    ]
    data["dailyGoal"] = dailyGoal
    return data
  }

  /// Reads a document written by any client, checking every rule of the model (requirement 6).
  ///
  /// NB: the items are separate documents, so the log returned has empty `foodItems` and
  /// `exerciseItems`; the id lists must still be arrays of strings, and `totalCalories` a finite
  /// number of at least 0 (a sum of valid calories can be nothing else).
  /// - Throws: `SyncError.missingField`/`.wrongType` for a malformed document and
  ///   `SyncError.invalidData` for a value that breaks a rule or an empty owner.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> DailyLog {
    let doc = DocumentReader(data, model: "DailyLog")
    let id = try doc.uuid("id")
    let date = try doc.date("date")
    _ = try doc.total("totalCalories")
    _ = try doc.strings("foodItemIds")
    _ = try doc.strings("exerciseItemIds")
    let dailyGoal = try doc.optionalNumber("dailyGoal")
    let userId = try doc.visibleString("userId")
    let lastModified = try doc.date("lastModified")
    let syncStatus = try doc.rawEnum("syncStatus", SyncStatus.self)
    return try doc.validated {
      try DailyLog(
        id: id, date: date, dailyGoal: dailyGoal, userId: userId, lastModified: lastModified,
        syncStatus: syncStatus)
    }
  }

  /// The ids of the food items a log's document lists, in its order.
  ///
  /// The ids of the food items a log's document lists (`foodItemIds`: the items are documents of
  /// their own), in its order; a string that is no UUID names no item and is left out.
  ///
  /// - Throws: `SyncError.missingField`/`.wrongType` when `foodItemIds` is not an array of strings.
  public static func foodItemIds(inFirestoreData data: [String: Any]) throws -> [UUID] {
    try itemIds("foodItemIds", in: data)
  }

  /// `foodItemIds(inFirestoreData:)` for the exercise items (`exerciseItemIds`).
  public static func exerciseItemIds(inFirestoreData data: [String: Any]) throws -> [UUID] {
    try itemIds("exerciseItemIds", in: data)
  }

  private static func itemIds(_ field: String, in data: [String: Any]) throws -> [UUID] {
    try DocumentReader(data, model: "DailyLog").strings(field).compactMap(CanonicalUUID.parse)
  }
}
