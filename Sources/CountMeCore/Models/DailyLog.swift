import Foundation

/// One day's food and exercise entries, with an optional calorie goal.
public struct DailyLog: Equatable, Hashable, Sendable {
  /// Its identity, stable across devices.
  public let id: UUID
  /// The day, normalised to midnight.
  public var date: Date
  /// The food logged that day.
  public var foodItems: [FoodItem]
  /// The exercise logged that day.
  public var exerciseItems: [ExerciseItem]
  /// The calorie goal, `0...maxDailyGoal`, or nil.
  public let dailyGoal: Double?
  /// The owner's uid ("" before sign-in).
  public var userId: String
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus

  /// Creates a day's log, checking requirement 5.
  ///
  /// - Throws: `ValidationError` when `dailyGoal` is present and outside `0...maxDailyGoal` or not
  ///   finite. A `nil` goal is valid.
  public init(
    id: UUID = UUID(), date: Date, foodItems: [FoodItem] = [], exerciseItems: [ExerciseItem] = [],
    dailyGoal: Double? = nil, userId: String = "", lastModified: Date = Date(),
    syncStatus: SyncStatus = .pendingUpload
  ) throws {
    try Rules.goal(dailyGoal)
    self.id = id
    self.date = date
    self.foodItems = foodItems
    self.exerciseItems = exerciseItems
    self.dailyGoal = dailyGoal
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }

  /// Calories eaten: the sum over `foodItems`.
  public var totalCalories: Double { foodItems.reduce(0) { $0 + $1.calories } }
  /// Calories burned: the sum over `exerciseItems`.
  public var totalExerciseCalories: Double { exerciseItems.reduce(0) { $0 + $1.caloriesBurned } }
  /// Calories eaten less calories burned.
  public var netCalories: Double { totalCalories - totalExerciseCalories }
  /// What is left of the goal after net calories; `nil` when there is no goal.
  public var remainingCalories: Double? { dailyGoal.map { $0 - netCalories } }
}

extension DailyLog: Codable {
  /// Decodes through the validating initialiser, so decoding can't build an invalid log.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(UUID.self, forKey: .id), date: c.decode(Date.self, forKey: .date),
      foodItems: c.decode([FoodItem].self, forKey: .foodItems),
      exerciseItems: c.decode([ExerciseItem].self, forKey: .exerciseItems),
      dailyGoal: c.decodeIfPresent(Double.self, forKey: .dailyGoal),
      userId: c.decode(String.self, forKey: .userId),
      lastModified: c.decode(Date.self, forKey: .lastModified),
      syncStatus: c.decode(SyncStatus.self, forKey: .syncStatus))
  }
}
