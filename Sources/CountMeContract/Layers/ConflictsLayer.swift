import CountMeCore
import Foundation

/// How two versions of one entity become one, and a store's local edits and merges: judged by F14,
/// F19 and F20 (and F21 with the log sync).
public protocol ConflictsLayer: SystemUnderTest {
  /// The version every device keeps of two versions of one food item.
  func resolveFoodItems(_ a: FoodItemArguments, _ b: FoodItemArguments) throws -> FoodItemArguments
  /// The version every device keeps of two versions of one exercise item.
  func resolveExerciseItems(_ a: ExerciseItemArguments, _ b: ExerciseItemArguments) throws
    -> ExerciseItemArguments
  /// The version every device keeps of two versions of one custom meal.
  func resolveCustomMeals(_ a: CustomMealArguments, _ b: CustomMealArguments) throws -> CustomMealArguments
  /// The goal every device keeps of two versions of one user's goal.
  func resolveUserGoals(_ a: UserGoalArguments, _ b: UserGoalArguments) throws -> UserGoalArguments
  /// Two versions of one day's log merged, without the items whose ids are in `deleted`.
  func mergeDailyLogs(_ a: DailyLogArguments, _ b: DailyLogArguments, deleted: [UUID]) throws
    -> DailyLogArguments
  /// A device's or the cloud's food items after a local edit made at `now`.
  func editFoodItem(in store: EntityStore<FoodItem>, _ item: FoodItemArguments, now: Date) throws
    -> EntityStore<FoodItem>
  /// A store's food items after a local deletion at `now`.
  func deleteFoodItem(in store: EntityStore<FoodItem>, id: UUID, now: Date) -> EntityStore<FoodItem>
  /// A store's food items after taking in another store's, as a sync does both ways.
  func mergeFoodItems(_ store: EntityStore<FoodItem>, from other: EntityStore<FoodItem>)
    -> EntityStore<FoodItem>
}
