import CountMeCore
import CountMeProperties
import Foundation
import Generators

/// One bug in conflict resolution; everything else is the reference.
struct ConflictMutant: ReferenceBacked {
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
}
