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

extension Gen {
  static let validGoal = optional(double(in: 0...ValidationConstants.maxDailyGoal), nilProbability: 0.3)
  static let logFoodItems = array(of: validFoodItem.map(\.value), count: 0...6, averageExtra: 1)
  static let logExerciseItems = array(of: validExerciseItem.map(\.value), count: 0...3, averageExtra: 0.5)

  /// Valid `DailyLog` arguments (tag `DailyLog.valid`): any date, a goal in range or nil.
  public static let validDailyLog: Generator<Tagged<DailyLogArguments>> =
    dailyLog(plan: BreakPlan.valid(model: "DailyLog"))

  /// `DailyLog` arguments whose goal is negative, above 50,000 or not finite.
  public static let invalidDailyLog: Generator<Tagged<DailyLogArguments>> =
    dailyLog(plan: BreakPlan.generator(model: "DailyLog", rules: [("dailyGoal", BreakPlan.rangeKinds)]))

  static func dailyLog(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<DailyLogArguments>> {
    let brokenGoal = BreakPlan.brokenOptionals(max: ValidationConstants.maxDailyGoal)
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let goal = try plan.value("dailyGoal", &source, valid: validGoal, broken: brokenGoal)
      let arguments = DailyLogArguments(
        id: try source.draw(uuid), date: try source.draw(date),
        foodItems: try source.draw(logFoodItems), exerciseItems: try source.draw(logExerciseItems),
        dailyGoal: goal, userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(
        arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
