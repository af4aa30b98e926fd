import Foundation

extension ExerciseItem {
  /// The document the app writes at `users/{uid}/exerciseItems/{id}`.
  public func toFirestoreData() -> [String: Any] {
    var data: [String: Any] = [
      "id": id.idText, "name": name, "caloriesBurned": caloriesBurned,
      "timestamp": Timestamp(date: timestamp), "exerciseType": exerciseType, "intensity": intensity,
      "userId": userId, "lastModified": Timestamp(date: lastModified), "syncStatus": syncStatus.rawValue,
    ]
    data["durationMinutes"] = durationMinutes
    data["notes"] = notes
    return data
  }

  /// Reads a document written by any client, checking every rule of the model (requirement 6).
  ///
  /// An unknown `exerciseType` or `intensity` is kept as it is; an empty one is `invalidData`.
  /// - Throws: `SyncError.missingField`/`.wrongType` for a malformed document and
  ///   `SyncError.invalidData` for a value that breaks a rule or an empty owner.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> ExerciseItem {
    let doc = DocumentReader(data, model: "ExerciseItem")
    let id = try doc.uuid("id")
    let name = try doc.string("name")
    let caloriesBurned = try doc.number("caloriesBurned")
    let durationMinutes = try doc.optionalNumber("durationMinutes")
    let exerciseType = try doc.visibleString("exerciseType")
    let intensity = try doc.visibleString("intensity")
    let notes = try doc.optionalString("notes")
    let timestamp = try doc.date("timestamp")
    let userId = try doc.visibleString("userId")
    let lastModified = try doc.date("lastModified")
    let syncStatus = try doc.rawEnum("syncStatus", SyncStatus.self)
    return try doc.validated {
      try ExerciseItem(
        id: id, name: name, caloriesBurned: caloriesBurned, durationMinutes: durationMinutes,
        exerciseType: exerciseType, intensity: intensity, notes: notes, timestamp: timestamp,
        userId: userId, lastModified: lastModified, syncStatus: syncStatus)
    }
  }
}
