import CountMeCore
import Foundation

/// Every argument of `DailyLog.init`, in its order, items as their own arguments: an input for
/// properties 9 and 10.
public struct DailyLogArguments: Sendable, Equatable {
  /// Its identity, stable across devices.
  public var id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// The day, normalised to midnight.
  public var date: Date = Date(timeIntervalSince1970: 0)
  /// The food logged that day.
  public var foodItems: [FoodItemArguments] = []
  /// The exercise logged that day.
  public var exerciseItems: [ExerciseItemArguments] = []
  /// The calorie goal, `0...maxDailyGoal`, or nil.
  public var dailyGoal: Double?
  /// The owner's uid ("" before sign-in).
  public var userId: String = ""
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date = Date(timeIntervalSince1970: 0)
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus = .synced

  /// A blank value, every field at its simplest (nil UUID, empty, 0, nil, 1970), for a decoder
  /// to fill in field by field.
  public init() {}

  /// Creates a `DailyLogArguments` from its parts: an adapter's way to hand over its model, with the
  /// compiler checking that it names every field.
  ///
  /// NB: the body repeats `DailyLog.init`'s assignments on purpose: this value must be able to
  /// hold what the model refuses, and Swift writes no public memberwise initialiser.
  public init(
    id: UUID, date: Date, foodItems: [FoodItemArguments], exerciseItems: [ExerciseItemArguments],
    dailyGoal: Double?, userId: String, lastModified: Date, syncStatus: SyncStatus
  ) {
    self.id = id
    self.date = date
    self.foodItems = foodItems
    self.exerciseItems = exerciseItems
    self.dailyGoal = dailyGoal
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }
}
