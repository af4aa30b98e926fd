import Foundation

/// The user's daily calorie goal: one per user, reconciled by last-write-wins.
///
/// The user's daily calorie goal (seed 002's `users/{uid}/profile/settings`): one per user,
/// reconciled between devices by last-write-wins, and never deleted for its age.
public struct UserGoal: Equatable, Hashable, Sendable {
  /// Calories a day, `0...maxDailyGoal`.
  public let dailyCalorieGoal: Int
  /// When the user first set a goal.
  public var createdAt: Date
  /// The owner's uid ("" before sign-in).
  public var userId: String
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus

  /// Creates a goal, checking requirement 5's bound on a day's goal.
  ///
  /// - Throws: `ValidationError.negativeUserGoal` or `.userGoalExceedMax` when the goal is outside
  ///   `0...maxDailyGoal` (the rule a daily log's goal follows).
  public init(
    dailyCalorieGoal: Int, createdAt: Date = Date(), userId: String = "", lastModified: Date = Date(),
    syncStatus: SyncStatus = .pendingUpload
  ) throws {
    try Rules.userGoal(Double(dailyCalorieGoal))
    self.dailyCalorieGoal = dailyCalorieGoal
    self.createdAt = createdAt
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }
}

extension UserGoal: Codable {
  /// Decodes through the validating initialiser, so decoding can't build an invalid goal.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      dailyCalorieGoal: c.decode(Int.self, forKey: .dailyCalorieGoal),
      createdAt: c.decode(Date.self, forKey: .createdAt), userId: c.decode(String.self, forKey: .userId),
      lastModified: c.decode(Date.self, forKey: .lastModified),
      syncStatus: c.decode(SyncStatus.self, forKey: .syncStatus))
  }
}
