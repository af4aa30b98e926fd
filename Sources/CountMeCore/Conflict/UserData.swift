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

  /// Takes in `other`'s data: each store merged, the logs without any item deleted either place.
  ///
  /// This data after taking in `other`'s: each store merged, the logs without any item either
  /// place deleted (a deletion wins inside a log too), and the goal by last-write-wins.
  public mutating func merge(_ other: UserData) {
    foodItems.merge(other.foodItems)
    exerciseItems.merge(other.exerciseItems)
    customMeals.merge(other.customMeals)
    dailyLogs.merge(
      other.dailyLogs, deletedItems: Set(foodItems.deleted.keys).union(exerciseItems.deleted.keys))
    if let theirs = other.goal { goal = goal.map { Reconcile.lastWriteWins($0, theirs) } ?? theirs }
  }

  /// A food item added to (or changed in) log `logID` at `now`.
  ///
  /// A food item added to (or, for an id the log holds, changed in) log `logID` at `now`: the item
  /// is edited in the food store (`EntityStore.edit`'s stamp) and the log, holding that version in
  /// order of time then id, is edited at `now`.
  ///
  /// False, changing nothing, when the log is not live here or the item is deleted here.
  @discardableResult
  public mutating func addFood(_ item: FoodItem, toLog logID: UUID, now: Date) -> Bool {
    guard var log = dailyLogs.live[logID], foodItems.edit(item, now: now),
      let stamped = foodItems.live[item.id]
    else { return false }
    log.hold(stamped, in: \.foodItems)
    return dailyLogs.edit(log, now: now)
  }

  /// Food item `itemID` removed from log `logID` at `now`, and deleted.
  ///
  /// Food item `itemID` removed from log `logID` at `now`: the log is edited without it and the item
  /// is deleted (its tombstone keeps every other version of the log from bringing it back).
  ///
  /// False, changing nothing, when the log is not live here or does not hold the item.
  @discardableResult
  public mutating func removeFood(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    guard var log = dailyLogs.live[logID], log.foodItems.contains(where: { $0.id == itemID }) else {
      return false
    }
    log.foodItems.removeAll { $0.id == itemID }
    dailyLogs.edit(log, now: now)
    foodItems.delete(itemID, now: now)
    return true
  }

  /// A goal set at `now`, stamped later than the goal it replaces (`Reconcile.editStamp`, as
  /// `EntityStore.edit` stamps an edit).
  public mutating func setGoal(_ new: UserGoal, now: Date) {
    var stamped = new
    stamped.lastModified = Reconcile.editStamp(now: now, replacing: goal?.lastModified)
    goal = stamped
  }
}
