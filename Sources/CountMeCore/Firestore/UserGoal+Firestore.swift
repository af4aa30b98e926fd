import Foundation

extension UserGoal {
  /// The document the app writes at `users/{uid}/profile/settings`.
  ///
  /// The goal as an integer (seed 002's `dailyCalorieGoal: Int`), its two timestamps, and, as every other
  /// document the app writes, its owner and sync status.
  ///
  /// NB: seed 002's tree lists only the goal and its two timestamps. The app writes each model's
  /// fields, and `UserGoal` has five; the owner is what the rules and a reader check, and a
  /// document without it could not be told apart from another user's after a migration.
  public func toFirestoreData() -> [String: Any] {
    [
      "dailyCalorieGoal": dailyCalorieGoal, "createdAt": Timestamp(date: createdAt), "userId": userId,
      "lastModified": Timestamp(date: lastModified), "syncStatus": syncStatus.rawValue,
    ]
  }

  /// Reads a goal document written by any client.
  ///
  /// The goal is a whole number: an integer of any width, or a floating-point number with no
  /// fraction (a client that keeps numbers as `Double` writes `2000.0`, and Firestore compares it
  /// equal to `2000`). A fraction, NaN or an infinity is `wrongType` (no whole number was written),
  /// checked before the range, so `-0.5` is the wrong type, not negative; `-0.0` is 0.
  ///
  /// - Throws: `SyncError.missingField`/`.wrongType` for a malformed document and
  ///   `SyncError.invalidData` for a goal outside `0...maxDailyGoal` (`UserGoal.dailyCalorieGoal
  ///   negative` or `aboveMax`) or an empty owner.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> UserGoal {
    let model = "UserGoal"
    let doc = DocumentReader(data, model: model)
    let goal = try doc.number("dailyCalorieGoal")
    guard goal.isFinite, goal == goal.rounded(.towardZero) else {
      throw SyncError.wrongType(model: model, field: "dailyCalorieGoal", expected: "integer")
    }
    let createdAt = try doc.date("createdAt")
    let userId = try doc.visibleString("userId")
    let lastModified = try doc.date("lastModified")
    let syncStatus = try doc.rawEnum("syncStatus", SyncStatus.self)
    return try doc.validated {
      // The range is checked on the Double, so a goal too large for an `Int` is reported, not trapped.
      try Rules.userGoal(goal)
      return try UserGoal(
        dailyCalorieGoal: Int(goal), createdAt: createdAt, userId: userId, lastModified: lastModified,
        syncStatus: syncStatus)
    }
  }
}
