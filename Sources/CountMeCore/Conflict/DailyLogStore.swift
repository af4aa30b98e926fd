import Foundation

extension EntityStore where Entity == DailyLog {
  /// This store after taking in `other`'s logs as `merge(_:)` does, without the food and exercise
  /// items in `deletedItems`: two versions of a log merge without them, and every log kept here
  /// loses them (seed 002: a deletion wins over every version of its entity, inside a log too).
  ///
  /// Removing an item keeps the log's `lastModified`: the change is the item's deletion, whose time
  /// its tombstone holds. Every place that knows the same deletions removes the same items, so
  /// places that exchange their data in any order still end equal.
  public mutating func merge(_ other: EntityStore, deletedItems: Set<UUID>) {
    merge(other)
    guard !deletedItems.isEmpty else { return }
    for (id, log) in live
    where log.foodItems.contains(where: { deletedItems.contains($0.id) })
      || log.exerciseItems.contains(where: { deletedItems.contains($0.id) })
    {
      var kept = log
      kept.foodItems.removeAll { deletedItems.contains($0.id) }
      kept.exerciseItems.removeAll { deletedItems.contains($0.id) }
      live[id] = kept
    }
  }
}

extension DailyLog {
  /// The order of a log's food, as a merge gives it: by time, then id.
  static func inFoodOrder(_ a: FoodItem, _ b: FoodItem) -> Bool {
    (a.timestamp, a.id.uuidString) < (b.timestamp, b.id.uuidString)
  }

  /// This log holding `item` in place of any version of it, its food in `inFoodOrder`.
  mutating func holdFood(_ item: FoodItem) {
    foodItems.removeAll { $0.id == item.id }
    foodItems.append(item)
    foodItems.sort(by: Self.inFoodOrder)
  }
}
