import CountMeCore
import Foundation

extension ReferenceSystem {
  /// CountMeCore's `Reconcile.lastWriteWins`.
  public func resolveFoodItems(_ a: FoodItemArguments, _ b: FoodItemArguments) throws -> FoodItemArguments {
    FoodItemArguments(Reconcile.lastWriteWins(try a.construct(), try b.construct()))
  }
  /// CountMeCore's `Reconcile.lastWriteWins`.
  public func resolveExerciseItems(_ a: ExerciseItemArguments, _ b: ExerciseItemArguments) throws
    -> ExerciseItemArguments
  {
    ExerciseItemArguments(Reconcile.lastWriteWins(try a.construct(), try b.construct()))
  }
  /// CountMeCore's `Reconcile.lastWriteWins`.
  public func resolveCustomMeals(_ a: CustomMealArguments, _ b: CustomMealArguments) throws
    -> CustomMealArguments
  {
    CustomMealArguments(Reconcile.lastWriteWins(try a.construct(), try b.construct()))
  }
  /// CountMeCore's `Reconcile.lastWriteWins`, as `UserData.merge` applies it to the goal.
  public func resolveUserGoals(_ a: UserGoalArguments, _ b: UserGoalArguments) throws -> UserGoalArguments {
    UserGoalArguments(Reconcile.lastWriteWins(try a.construct(), try b.construct()))
  }
  /// CountMeCore's `Reconcile.mergeLogs`.
  public func mergeDailyLogs(_ a: DailyLogArguments, _ b: DailyLogArguments, deleted: [UUID]) throws
    -> DailyLogArguments
  {
    DailyLogArguments(try Reconcile.mergeLogs(try a.construct(), try b.construct(), deleted: Set(deleted)))
  }
  /// CountMeCore's `EntityStore.edit`.
  public func editFoodItem(in store: EntityStore<FoodItem>, _ item: FoodItemArguments, now: Date) throws
    -> EntityStore<FoodItem>
  {
    var edited = store
    edited.edit(try item.construct(), now: now)
    return edited
  }
  /// CountMeCore's `EntityStore.delete`.
  public func deleteFoodItem(in store: EntityStore<FoodItem>, id: UUID, now: Date) -> EntityStore<FoodItem> {
    var changed = store
    changed.delete(id, now: now)
    return changed
  }
  /// CountMeCore's `EntityStore.merge`.
  public func mergeFoodItems(_ store: EntityStore<FoodItem>, from other: EntityStore<FoodItem>)
    -> EntityStore<FoodItem>
  {
    var merged = store
    merged.merge(other)
    return merged
  }

  /// CountMeCore's `UserData.applyRetention`.
  public func applyRetention(to data: UserData, now: Date) -> UserData {
    var kept = data
    kept.applyRetention(now: now)
    return kept
  }
  /// CountMeCore's `UserData.merge`.
  public func mergeUserData(_ data: UserData, from other: UserData) -> UserData {
    var merged = data
    merged.merge(other)
    return merged
  }
}
