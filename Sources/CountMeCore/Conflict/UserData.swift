import Foundation

/// Everything one user keeps in one place (a device's local store, or the cloud): every model's
/// entities with their deletions, and the goal.
///
/// Two places exchange their whole content with `merge`, which is each store's `EntityStore.merge`
/// and last-write-wins for the goal, so any order of exchanges ends with equal data.
public struct UserData: Equatable, Sendable {
  /// Food items, by id, with their deletions.
  public var foodItems = EntityStore<FoodItem>()
  /// Exercise items, by id, with their deletions.
  public var exerciseItems = EntityStore<ExerciseItem>()
  /// Custom meals, by id, with their deletions.
  public var customMeals = EntityStore<CustomMeal>()
  /// Daily logs, by id, with their deletions.
  public var dailyLogs = EntityStore<DailyLog>()
  /// The goal, once set. A goal is replaced, never deleted.
  public var goal: UserGoal?

  /// Creates a user's data from its parts; everything defaults to empty.
  public init(
    foodItems: EntityStore<FoodItem> = EntityStore(),
    exerciseItems: EntityStore<ExerciseItem> = EntityStore(),
    customMeals: EntityStore<CustomMeal> = EntityStore(), dailyLogs: EntityStore<DailyLog> = EntityStore(),
    goal: UserGoal? = nil
  ) {
    self.foodItems = foodItems
    self.exerciseItems = exerciseItems
    self.customMeals = customMeals
    self.dailyLogs = dailyLogs
    self.goal = goal
  }

  /// This data after taking in `other`'s: each store merged, and the goal by last-write-wins.
  public mutating func merge(_ other: UserData) {
    foodItems.merge(other.foodItems)
    exerciseItems.merge(other.exerciseItems)
    customMeals.merge(other.customMeals)
    dailyLogs.merge(other.dailyLogs)
    if let theirs = other.goal { goal = goal.map { Reconcile.lastWriteWins($0, theirs) } ?? theirs }
  }

  /// A goal set at `now`, stamped later than the goal it replaces (`Reconcile.editStamp`, as
  /// `EntityStore.edit` stamps an edit).
  public mutating func setGoal(_ new: UserGoal, now: Date) {
    var stamped = new
    stamped.lastModified = Reconcile.editStamp(now: now, replacing: goal?.lastModified)
    goal = stamped
  }
}
