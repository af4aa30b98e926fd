import Foundation

@testable import CountMeCore

/// Valid documents as the app writes them, for tests that corrupt one field at a time.
enum Documents {
  static let food: FoodItem = Fixture.valid {
    try FoodItem(
      id: Fixture.id, name: "Oats", calories: 150, timestamp: Fixture.date, servingSize: "1",
      servingUnit: "cup", source: .api, protein: 5, carbohydrates: 27, fats: 3, userId: Fixture.owner,
      lastModified: Fixture.later, syncStatus: .synced)
  }
  static let exercise: ExerciseItem = Fixture.valid {
    try ExerciseItem(
      id: Fixture.id, name: "Run", caloriesBurned: 300, durationMinutes: 30, exerciseType: "running",
      intensity: "vigorous", notes: "park", timestamp: Fixture.date, userId: Fixture.owner,
      lastModified: Fixture.later, syncStatus: .pendingUpload)
  }
  static let meal = Fixture.meal
  static let log: DailyLog = Fixture.valid {
    try DailyLog(
      id: Fixture.id, date: Fixture.date, dailyGoal: 2_000, userId: Fixture.owner,
      lastModified: Fixture.later,
      syncStatus: .synced)
  }

  static func with(_ document: [String: Any], _ key: String, _ value: Any?) -> [String: Any] {
    var copy = document
    copy[key] = value
    return copy
  }

  /// The meal document with one field of ingredient `index` replaced.
  static func meal(ingredient index: Int, _ key: String, _ value: Any?) -> [String: Any] {
    var document = meal.toFirestoreData()
    var ingredients = document["ingredients"] as? [[String: Any]] ?? []
    ingredients[index][key] = value
    document["ingredients"] = ingredients
    return document
  }
}

/// The error `body` throws, or nil.
func thrownError(_ body: () throws -> Any) -> (any Error)? {
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}

/// The reason of a `SyncError.invalidData`, or nil for any other outcome.
func invalidDataReason(_ body: () throws -> Any) -> String? {
  if case .invalidData(let reason)? = thrownError(body) as? SyncError { return reason }
  return nil
}
