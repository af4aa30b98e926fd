import CountMeCore
import CountMeProperties
import Foundation

/// One bug in a device's sync of its daily logs and their food; everything else is the reference.
struct LogSyncMutant: ReferenceBacked {
  enum Bug: Sendable {
    /// A log's document is read on its own (`DailyLog.fromFirestoreData`, which names no food), as a
    /// `CollectionSync<DailyLog>` would: the seed's design before `DailyLogSync`.
    case logsReadAlone
    /// The logs never learn the food items' tombstones: two versions merge as if nothing was removed.
    case itemTombstonesIgnored
    /// Removing food from a log edits the log but leaves the food item live, with no tombstone.
    case removalLeavesItem
    /// A pass syncs the logs first, so a log may name food whose documents are not in the cloud yet.
    case logsBeforeFood
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeLogSync(uid: String, logs: EntityStore<DailyLog>, queues: [any SyncQueueing])
    -> any LogSyncUnderTest
  {
    MutantLogSync(
      bug: bug, foodItems: CollectionSync(uid: uid, queue: queues[0]),
      dailyLogs: CollectionSync(uid: uid, queue: queues[1], store: logs))
  }
}

/// CountMeCore's `DailyLogSync`, restated with a switch for one bug (a copy on purpose, as
/// `MutantCollectionSync` is: the reference stays free of mutation hooks).
struct MutantLogSync: LogSyncUnderTest {
  let bug: LogSyncMutant.Bug
  private(set) var foodItems: CollectionSync<FoodItem>
  private(set) var dailyLogs: CollectionSync<DailyLog>
  private(set) var collection = EntityType.foodItem
  private var syncing = false
  private var downloadedFood = false

  init(bug: LogSyncMutant.Bug, foodItems: CollectionSync<FoodItem>, dailyLogs: CollectionSync<DailyLog>) {
    (self.bug, self.foodItems, self.dailyLogs) = (bug, foodItems, dailyLogs)
  }

  var logs: EntityStore<DailyLog> { dailyLogs.store }
  var queues: [any SyncQueueing] { [foodItems.queue, dailyLogs.queue] }
  var skipped: [SkippedDocument] { foodItems.skipped + dailyLogs.skipped }

  /// The collection a pass starts with, and the one it goes on to.
  private var first: EntityType { bug == .logsBeforeFood ? .dailyLog : .foodItem }
  private var second: EntityType { bug == .logsBeforeFood ? .foodItem : .dailyLog }

  mutating func addFood(_ item: FoodItem, toLog logID: UUID, now: Date) -> Bool {
    guard var log = dailyLogs.store.live[logID], foodItems.edit(item, now: now),
      let stamped = foodItems.store.live[item.id]
    else { return false }
    log.foodItems.removeAll { $0.id == item.id }
    log.foodItems.append(stamped)
    log.foodItems.sort { ($0.timestamp, $0.id.uuidString) < ($1.timestamp, $1.id.uuidString) }
    return dailyLogs.edit(log, now: now)
  }

  mutating func removeFood(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    guard var log = dailyLogs.store.live[logID], let item = log.foodItems.first(where: { $0.id == itemID })
    else { return false }
    log.foodItems.removeAll { $0.id == itemID }
    dailyLogs.edit(log, now: now)
    guard bug != .removalLeavesItem else { return true }
    if foodItems.store.live[itemID] == nil { foodItems.edit(item, now: now) }
    foodItems.delete(itemID, now: now)
    return true
  }

  mutating func startSync() {
    collection = first
    (syncing, downloadedFood) = (true, false)
    if first == .foodItem { foodItems.startSync() } else { dailyLogs.startSync() }
  }

  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    guard syncing else { return .done }
    if collection == first {
      let action = step(now: now, online: online)
      guard case .done = action else { return action }
      let food = foodItems.queue
      let ready = bug == .logsBeforeFood || (downloadedFood && food.pending.isEmpty && food.inFlight == nil)
      guard ready else {
        syncing = false
        return .done
      }
      collection = second
      if second == .foodItem { foodItems.startSync() } else { dailyLogs.startSync() }
    }
    let action = step(now: now, online: online)
    if case .done = action { syncing = false }
    return action
  }

  private mutating func step(now: Date, online: Bool) -> CollectionSyncAction {
    collection == .foodItem
      ? foodItems.next(now: now, online: online) : dailyLogs.next(now: now, online: online)
  }

  mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    if collection == .foodItem {
      foodItems.downloaded(result)
      downloadedFood = (try? result.get()) != nil
      if downloadedFood, bug != .itemTombstonesIgnored {
        dailyLogs.removeItems(Set(foodItems.store.deleted.keys))
      }
    } else if bug == .logsReadAlone {
      dailyLogs.downloaded(result)
    } else {
      let food = foodItems.store, ignoring = bug == .itemTombstonesIgnored
      var namingDeleted: [UUID] = []
      dailyLogs.downloaded(result) { fields in
        var log = try DailyLog.fromFirestoreData(fields)
        let ids = try DailyLog.foodItemIds(inFirestoreData: fields)
        log.foodItems = ids.compactMap { food.live[$0] }.sorted {
          ($0.timestamp, $0.id.uuidString) < ($1.timestamp, $1.id.uuidString)
        }
        if !ignoring && ids.contains(where: { food.deleted[$0] != nil }) { namingDeleted.append(log.id) }
        return log
      }
      for id in namingDeleted { dailyLogs.reupload(id) }
    }
  }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    if collection == .foodItem {
      foodItems.uploaded(id, result: result, now: now)
    } else {
      dailyLogs.uploaded(id, result: result, now: now)
    }
  }

  mutating func restart(with queues: [any SyncQueueing]) {
    self = MutantLogSync(
      bug: bug,
      foodItems: CollectionSync(
        uid: foodItems.uid, queue: queues[0], store: foodItems.store, cursor: foodItems.cursor),
      dailyLogs: CollectionSync(
        uid: dailyLogs.uid, queue: queues[1], store: dailyLogs.store, cursor: dailyLogs.cursor))
  }
}
