import CountMeContract
import CountMeCore
import Foundation

/// One bug in conflict resolution; everything else is the reference.
struct ConflictMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// Seed 002's own rule, `local.lastModified > cloud.lastModified ? local : cloud`: on a tie each
    /// device keeps the other's version.
    case seedTieTakesOther
    /// The older version wins.
    case olderWins
    /// A merged log keeps only the local version's items (and the other's versions of them).
    case mergeDropsOtherOnly
    /// A merged log is stamped later than both versions, as seed 002's "current time" does.
    case mergeStampedLater
    /// A merged log keeps items that were deleted.
    case mergeIgnoresDeletions
    /// A version edited after a deletion's time brings the entity back.
    ///
    /// A version edited after a deletion's time brings the entity back (seed 002's "track deletion
    /// timestamp to handle late-arriving updates", read as: later edits win).
    case deletionLosesToLaterEdit
    /// A store never takes in the other store's deletions.
    case storeIgnoresRemoteDeletions
    /// A store keeps its own version of an entity it already holds.
    case storeKeepsOwnVersion
    /// A sync takes in deletions by removing the items, but keeps no record of them.
    ///
    /// Harmless until a store that has not heard of a deletion brings its copy back (F20 judges the
    /// resurrection, not the missing record).
    case forgetsDeletionRecords
    /// Logs merged as any other store, blind to the deletions of the items inside them.
    ///
    /// Food removed from a log on one device comes back from another device's older version of the log.
    case logsIgnoreItemDeletions
    /// Two goals meet by the larger goal, not the later change: a user who lowers a goal on one
    /// device sees the old, higher one come back from another.
    case goalHigherWins
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  /// The bug's pick of two versions, or nil where the bug is not in last-write-wins.
  private func pick<A>(_ a: A, _ b: A, _ lastModified: KeyPath<A, Date>) -> A? {
    switch bug {
    case .seedTieTakesOther: return a[keyPath: lastModified] > b[keyPath: lastModified] ? a : b
    case .olderWins: return a[keyPath: lastModified] < b[keyPath: lastModified] ? a : b
    default: return nil
    }
  }

  func mergeDailyLogs(_ a: DailyLogArguments, _ b: DailyLogArguments, deleted: [UUID]) throws
    -> DailyLogArguments
  {
    let reference = ReferenceSystem()
    switch bug {
    case .mergeDropsOtherOnly:
      var merged = try reference.mergeDailyLogs(a, b, deleted: deleted)
      let local = Set(a.foodItems.map(\.id))
      merged.foodItems.removeAll { !local.contains($0.id) }
      return merged
    case .mergeStampedLater:
      var merged = try reference.mergeDailyLogs(a, b, deleted: deleted)
      merged.lastModified = max(a.lastModified, b.lastModified).addingTimeInterval(1)
      return merged
    case .mergeIgnoresDeletions: return try reference.mergeDailyLogs(a, b, deleted: [])
    default: return try reference.mergeDailyLogs(a, b, deleted: deleted)
    }
  }

  func resolveFoodItems(_ a: FoodItemArguments, _ b: FoodItemArguments) throws -> FoodItemArguments {
    try pick(a, b, \.lastModified) ?? ReferenceSystem().resolveFoodItems(a, b)
  }

  func resolveExerciseItems(_ a: ExerciseItemArguments, _ b: ExerciseItemArguments) throws
    -> ExerciseItemArguments
  {
    try pick(a, b, \.lastModified) ?? ReferenceSystem().resolveExerciseItems(a, b)
  }

  func resolveCustomMeals(_ a: CustomMealArguments, _ b: CustomMealArguments) throws -> CustomMealArguments {
    try pick(a, b, \.lastModified) ?? ReferenceSystem().resolveCustomMeals(a, b)
  }

  func resolveUserGoals(_ a: UserGoalArguments, _ b: UserGoalArguments) throws -> UserGoalArguments {
    if bug == .goalHigherWins, a.dailyCalorieGoal != b.dailyCalorieGoal {
      return a.dailyCalorieGoal > b.dailyCalorieGoal ? a : b
    }
    return try pick(a, b, \.lastModified) ?? ReferenceSystem().resolveUserGoals(a, b)
  }

  func mergeFoodItems(_ store: EntityStore<FoodItem>, from other: EntityStore<FoodItem>) -> EntityStore<
    FoodItem
  > {
    var live = store.live
    var deleted = store.deleted
    switch bug {
    case .deletionLosesToLaterEdit:
      for (id, time) in other.deleted { deleted[id] = deleted[id].map { min($0, time) } ?? time }
      for (id, version) in other.live {
        live[id] = live[id].map { Reconcile.lastWriteWins($0, version) } ?? version
      }
      // A version edited after the deletion survives it, and the deletion is forgotten.
      for (id, time) in deleted {
        if let version = live[id], version.lastModified > time { deleted[id] = nil } else { live[id] = nil }
      }
      return EntityStore(live: live, deleted: deleted)
    case .storeIgnoresRemoteDeletions:
      for (id, version) in other.live where deleted[id] == nil {
        live[id] = live[id].map { Reconcile.lastWriteWins($0, version) } ?? version
      }
      return EntityStore(live: live, deleted: deleted)
    case .storeKeepsOwnVersion:
      var merged = store
      merged.merge(EntityStore(live: other.live.filter { store.live[$0.key] == nil }, deleted: other.deleted))
      return merged
    case .forgetsDeletionRecords:
      return EntityStore(live: ReferenceSystem().mergeFoodItems(store, from: other).live)
    default:
      return ReferenceSystem().mergeFoodItems(store, from: other)
    }
  }

  func mergeUserData(_ data: UserData, from other: UserData) -> UserData {
    guard bug == .logsIgnoreItemDeletions else { return ReferenceSystem().mergeUserData(data, from: other) }
    var merged = data
    merged.foodItems.merge(other.foodItems)
    merged.exerciseItems.merge(other.exerciseItems)
    merged.customMeals.merge(other.customMeals)
    merged.dailyLogs.merge(other.dailyLogs)
    if let theirs = other.goal {
      merged.goal = merged.goal.map { Reconcile.lastWriteWins($0, theirs) } ?? theirs
    }
    return merged
  }
}
