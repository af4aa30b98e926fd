import Foundation

extension EntityStore where Entity == DailyLog {
  /// Takes in `other`'s logs as `merge(_:)` does, without the items in `deletedItems`.
  ///
  /// This store after taking in `other`'s logs as `merge(_:)` does, without the food and exercise
  /// items in `deletedItems`: two versions of a log merge without them, and every log kept here
  /// loses them (seed 002: a deletion wins over every version of its entity, inside a log too).
  ///
  /// Removing an item keeps the log's `lastModified`: the change is the item's deletion, whose time
  /// its tombstone holds. Every place that knows the same deletions removes the same items, so
  /// places that exchange their data in any order still end equal.
  public mutating func merge(_ other: EntityStore, deletedItems: Set<UUID>) {
    merge(other)
    for var log in holding(deletedItems) {
      log.removeItems(deletedItems)
      live[log.id] = log
    }
  }

  /// The live logs that hold any of the food or exercise items `ids` name, in order of id.
  public func holding(_ ids: Set<UUID>) -> [DailyLog] {
    guard !ids.isEmpty else { return [] }
    return live.values.filter { $0.holdsAny(of: ids) }.sorted { $0.id.idText < $1.id.idText }
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
  public static func inLogOrder<Item: LoggedItem>(_ a: Item, _ b: Item) -> Bool {
    (a.timestamp, a.id.idText) < (b.timestamp, b.id.idText)
  }

  /// Whether this log holds any of the food or exercise items `ids` name.
  public func holdsAny(of ids: Set<UUID>) -> Bool {
    foodItems.contains { ids.contains($0.id) } || exerciseItems.contains { ids.contains($0.id) }
  }

  /// This log without the food and exercise items `ids` name.
  public mutating func removeItems(_ ids: Set<UUID>) {
    foodItems.removeAll { ids.contains($0.id) }
    exerciseItems.removeAll { ids.contains($0.id) }
  }

  /// This log holding `item` in `items` (its food or its exercise) in place of any version of it,
  /// in `inLogOrder`.
  public mutating func hold<Item: LoggedItem>(_ item: Item, in items: WritableKeyPath<DailyLog, [Item]>) {
    self[keyPath: items].removeAll { $0.id == item.id }
    self[keyPath: items].append(item)
    self[keyPath: items].sort(by: Self.inLogOrder)
  }
}
