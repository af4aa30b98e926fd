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

/// A food or exercise item, as a daily log holds it: by id, in order of `timestamp`, then id.
public protocol LoggedItem: CloudSyncedEntity {
  /// When it was eaten or done.
  var timestamp: Date { get }
}

extension FoodItem: LoggedItem {}
extension ExerciseItem: LoggedItem {}

extension DailyLog {
  /// The order of a log's items, as a merge gives it: by time, then id.
  static func inLogOrder<Item: LoggedItem>(_ a: Item, _ b: Item) -> Bool {
    (a.timestamp, a.id.uuidString) < (b.timestamp, b.id.uuidString)
  }

  /// This log holding `item` in `items` (its food or its exercise) in place of any version of it,
  /// in `inLogOrder`.
  mutating func hold<Item: LoggedItem>(_ item: Item, in items: WritableKeyPath<DailyLog, [Item]>) {
    self[keyPath: items].removeAll { $0.id == item.id }
    self[keyPath: items].append(item)
    self[keyPath: items].sort(by: Self.inLogOrder)
  }
}
