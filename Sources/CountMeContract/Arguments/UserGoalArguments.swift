import CountMeCore
import Foundation

/// Every argument of `UserGoal.init`, in its order: an input for properties 28 and 29.
public struct UserGoalArguments: Sendable, Equatable {
  /// Calories a day, `0...maxDailyGoal`.
  public var dailyCalorieGoal: Int = 0
  /// When the user first set a goal.
  public var createdAt: Date = Date(timeIntervalSince1970: 0)
  /// The owner's uid ("" before sign-in).
  public var userId: String = ""
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date = Date(timeIntervalSince1970: 0)
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus = .synced

  /// A blank value, every field at its simplest (0, empty, 1970), for a decoder to fill in field
  /// by field.
  public init() {}

  /// Creates a `UserGoalArguments` from its parts: an adapter's way to hand over its model, with the
  /// compiler checking that it names every field.
  ///
  /// NB: the body repeats `UserGoal.init`'s assignments on purpose: this value must be able to
  /// hold what the model refuses, and Swift writes no public memberwise initialiser.
  public init(
    dailyCalorieGoal: Int, createdAt: Date, userId: String, lastModified: Date, syncStatus: SyncStatus
  ) {
    self.dailyCalorieGoal = dailyCalorieGoal
    self.createdAt = createdAt
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }
}
