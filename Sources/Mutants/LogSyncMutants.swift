import CountMeContract
import CountMeCore
import Foundation

/// One bug in a device's sync of its daily logs and their items; everything else is the reference.
struct LogSyncMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A log's document is read on its own (`DailyLog.fromFirestoreData`, which names no items), as a
    /// `CollectionSync<DailyLog>` would: the seed's design before `DailyLogSync`.
    case logsReadAlone
    /// The logs never learn the items' tombstones: two versions merge as if nothing was removed.
    case itemTombstonesIgnored
    /// Removing an item from a log edits the log but leaves the item live, with no tombstone.
    case removalLeavesItem
    /// A pass syncs the logs first, so a log may name items whose documents are not in the cloud yet.
    case logsBeforeFood
    /// A pass syncs the logs between the food and the exercise items, so a log may name exercise
    /// whose document is not in the cloud yet.
    case logsBeforeExercise
    /// The exercise items are never synced (`DailyLogSync` before it synced them): a log's
    /// exercise stays on the device that added it.
    case exerciseNotSynced
    /// A log's document that cannot be read is dropped, and nothing else (seed 002's rule): no
    /// device writes its version over it, so a log another client broke stays broken.
    case logsNeverRepaired
    /// After an item download the logs lose the deleted items but keep their copies of the others
    /// (`holdItems` without its second half): a newer version that reaches the store through the
    /// item's own collection never reaches a log whose document did not change.
    case itemCopiesGoStale
    /// A new device's log cursor starts at 1, not before the first revision: a new install misses
    /// the log the cloud held before any device wrote.
    case newDeviceLogCursorAtOne
    /// A pass syncs the logs whether or not the items synced before them are ready: downloaded,
    /// with nothing left to upload. A log may then name an item the cloud does not hold yet, and a
    /// device that reads it leaves the item out for good.
    case logsWithoutReadyItems
    /// A log that names a deleted item is uploaded again only when it names a deleted item of each
    /// kind: a device that reads a log naming food it knows deleted leaves the cloud's version
    /// naming it.
    case reuploadsOnlyNamingBothKinds
    /// Removing an item the log does not hold succeeds, changing nothing: the caller is told the
    /// item was removed.
    case removalOfUnheldSucceeds
    /// Removing an item the device's item store holds no version of (a log kept from before
    /// `DailyLogSync`) edits the log but deletes nothing: with no tombstone, every other version of
    /// the log brings the item back.
    case removalNeedsStoredItem
    /// The logs go up past an item upload that failed for good (this repository's code before F21
    /// drew permanent faults): the cloud's log names an item whose document is not there.
    case logsPastFailedItems
    /// A new log is kept on the device and never queued: the app saves the day it opens, and only a
    /// later change to the log sends it.
    case createdLogNotQueued
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeLogSync(uid: String, logs: EntityStore<DailyLog>, queues: [any SyncQueueing])
    -> any LogSyncUnderTest
  {
    MutantLogSync(
      bug: bug, foodItems: CollectionSync(uid: uid, queue: queues[0]),
      exerciseItems: CollectionSync(uid: uid, queue: queues[1]),
      dailyLogs: CollectionSync(
        uid: uid, queue: queues[2], store: logs, cursor: bug == .newDeviceLogCursorAtOne ? 1 : 0))
  }
}

/// CountMeCore's `DailyLogSync`, restated with a switch for one bug (a copy on purpose, as
/// `MutantCollectionSync` is: the reference stays free of mutation hooks). The order of a pass's
/// collections is a list here, so that a bug can change it.
struct MutantLogSync: LogSyncUnderTest {
  let bug: LogSyncMutant.Bug
  private(set) var foodItems: CollectionSync<FoodItem>
  private(set) var exerciseItems: CollectionSync<ExerciseItem>
  private(set) var dailyLogs: CollectionSync<DailyLog>
  private(set) var collection = EntityType.foodItem
  private var syncing = false
  private var position = 0
  private var downloadedCollection = false
  private var itemsReady = false

  init(
    bug: LogSyncMutant.Bug, foodItems: CollectionSync<FoodItem>, exerciseItems: CollectionSync<ExerciseItem>,
    dailyLogs: CollectionSync<DailyLog>
  ) {
    (self.bug, self.foodItems, self.exerciseItems, self.dailyLogs) = (
      bug, foodItems, exerciseItems, dailyLogs
    )
  }

  var logs: EntityStore<DailyLog> { dailyLogs.store }
  var food: EntityStore<FoodItem> { foodItems.store }
  var exercise: EntityStore<ExerciseItem> { exerciseItems.store }
  var queues: [any SyncQueueing] { [foodItems.queue, exerciseItems.queue, dailyLogs.queue] }
  var skipped: [SkippedDocument] { foodItems.skipped + exerciseItems.skipped + dailyLogs.skipped }

  /// The collections a pass syncs, in order.
  private var order: [EntityType] {
    switch bug {
    case .logsBeforeFood: return [.dailyLog, .foodItem, .exerciseItem]
    case .logsBeforeExercise: return [.foodItem, .dailyLog, .exerciseItem]
    case .exerciseNotSynced: return [.foodItem, .dailyLog]
    default: return [.foodItem, .exerciseItem, .dailyLog]
    }
  }

  mutating func createLog(_ log: DailyLog, now: Date) -> Bool {
    guard log.foodItems.isEmpty, log.exerciseItems.isEmpty, dailyLogs.store.live[log.id] == nil,
      dailyLogs.store.deleted[log.id] == nil
    else { return false }
    guard bug == .createdLogNotQueued else { return dailyLogs.edit(log, now: now) }
    var saved = dailyLogs.store
    guard saved.edit(log, now: now) else { return false }
    dailyLogs = CollectionSync(
      uid: dailyLogs.uid, queue: dailyLogs.queue, store: saved, cursor: dailyLogs.cursor)
    return true
  }

  mutating func addFood(_ item: FoodItem, toLog logID: UUID, now: Date) -> Bool {
    add(item, toLog: logID, now: now, items: \Self.foodItems, held: \DailyLog.foodItems)
  }

  mutating func addExercise(_ item: ExerciseItem, toLog logID: UUID, now: Date) -> Bool {
    add(item, toLog: logID, now: now, items: \Self.exerciseItems, held: \DailyLog.exerciseItems)
  }

  mutating func removeFood(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    remove(itemID, fromLog: logID, now: now, items: \Self.foodItems, held: \DailyLog.foodItems)
  }

  mutating func removeExercise(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    remove(itemID, fromLog: logID, now: now, items: \Self.exerciseItems, held: \DailyLog.exerciseItems)
  }

  mutating func retryFailed() {
    foodItems.retryFailed()
    exerciseItems.retryFailed()
    dailyLogs.retryFailed()
  }

  mutating func startSync() {
    (syncing, position, downloadedCollection, itemsReady) = (true, 0, false, true)
    collection = order[0]
    start(collection)
  }

  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    while syncing {
      let action: CollectionSyncAction
      switch collection {
      case .foodItem: action = foodItems.next(now: now, online: online)
      case .exerciseItem: action = exerciseItems.next(now: now, online: online)
      default: action = dailyLogs.next(now: now, online: online)
      }
      guard case .done = action else { return action }
      if collection != .dailyLog && bug != .logsWithoutReadyItems {
        let queue = collection == .foodItem ? foodItems.queue : exerciseItems.queue
        itemsReady =
          itemsReady && downloadedCollection && queue.pending.isEmpty && queue.inFlight == nil
          && (queue.failed.isEmpty || bug == .logsPastFailedItems)
      }
      position += 1
      guard position < order.count, order[position] != .dailyLog || itemsReady else {
        syncing = false
        break
      }
      (collection, downloadedCollection) = (order[position], false)
      start(collection)
    }
    return .done
  }

  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    downloadedCollection = (try? result.get()) != nil
    switch collection {
    case .foodItem: downloadedItems(result, \Self.foodItems, held: \DailyLog.foodItems)
    case .exerciseItem: downloadedItems(result, \Self.exerciseItems, held: \DailyLog.exerciseItems)
    default:
      guard bug != .logsReadAlone else { return dailyLogs.downloaded(result) }
      let result = bug == .logsNeverRepaired ? result.map { $0.filter(Self.readsAsLog) } : result
      let (food, exercise) = (foodItems.store, exerciseItems.store)
      let ignoring = bug == .itemTombstonesIgnored
      let bothKinds = bug == .reuploadsOnlyNamingBothKinds
      var namingDeleted: [UUID] = []
      dailyLogs.downloaded(result) { fields in
        var log = try DailyLog.fromFirestoreData(fields)
        let foodIDs = try DailyLog.foodItemIds(inFirestoreData: fields)
        let exerciseIDs = try DailyLog.exerciseItemIds(inFirestoreData: fields)
        log.foodItems = Self.live(foodIDs, in: food)
        log.exerciseItems = Self.live(exerciseIDs, in: exercise)
        let (namesFood, namesExercise) = (
          foodIDs.contains { food.deleted[$0] != nil }, exerciseIDs.contains { exercise.deleted[$0] != nil }
        )
        let naming =
          bothKinds ? namesFood && namesExercise : namesFood || namesExercise
        if !ignoring && naming { namingDeleted.append(log.id) }
        return log
      }
      for id in namingDeleted { dailyLogs.reupload(id) }
    }
  }

  private mutating func downloadedItems<Item: LoggedItem>(
    _ result: Result<[CloudChange], SyncError>, _ items: WritableKeyPath<Self, CollectionSync<Item>>,
    held: WritableKeyPath<DailyLog, [Item]>
  ) {
    let skippedBefore = self[keyPath: items].skipped.count
    self[keyPath: items].downloaded(result)
    guard downloadedCollection else { return }
    switch bug {
    case .itemTombstonesIgnored: break
    case .itemCopiesGoStale: dailyLogs.removeItems(Set(self[keyPath: items].store.deleted.keys))
    default: dailyLogs.holdItems(of: self[keyPath: items].store, in: held)
    }
    let broken = Set(
      self[keyPath: items].skipped.dropFirst(skippedBefore).compactMap {
        Item.entityId(ofDocument: $0.path.documentId)
      })
    for log in dailyLogs.store.live.values.sorted(by: { $0.id.uuidString < $1.id.uuidString })
    where log[keyPath: held].contains(where: { broken.contains($0.id) }) {
      dailyLogs.reupload(log.id)
    }
  }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    switch collection {
    case .foodItem: foodItems.uploaded(id, result: result, now: now)
    case .exerciseItem: exerciseItems.uploaded(id, result: result, now: now)
    default: dailyLogs.uploaded(id, result: result, now: now)
    }
  }

  mutating func restart(with queues: [any SyncQueueing], now: Date) {
    self = MutantLogSync(
      bug: bug,
      foodItems: CollectionSync(
        uid: foodItems.uid, queue: queues[0], store: foodItems.store, cursor: foodItems.cursor),
      exerciseItems: CollectionSync(
        uid: exerciseItems.uid, queue: queues[1], store: exerciseItems.store, cursor: exerciseItems.cursor),
      dailyLogs: CollectionSync(
        uid: dailyLogs.uid, queue: queues[2], store: dailyLogs.store, cursor: dailyLogs.cursor))
  }

  private mutating func start(_ type: EntityType) {
    switch type {
    case .foodItem: foodItems.startSync()
    case .exerciseItem: exerciseItems.startSync()
    default: dailyLogs.startSync()
    }
  }

  /// Whether `change`'s document reads as a log or a tombstone with its path's id: what a
  /// `logsNeverRepaired` device keeps of a download, so `CollectionSync` never sees (nor repairs)
  /// the others.
  private static func readsAsLog(_ change: CloudChange) -> Bool {
    let fields = change.document.fields
    let id =
      Tombstone.isTombstone(fields)
      ? (try? Tombstone.fromFirestoreData(fields))?.id : (try? DailyLog.fromFirestoreData(fields))?.id
    return id != nil && id == DailyLog.entityId(ofDocument: change.path.documentId)
  }

  /// The live items `ids` name, by time then id.
  private static func live<Item: LoggedItem>(_ ids: [UUID], in store: EntityStore<Item>) -> [Item] {
    ids.compactMap { store.live[$0] }.sorted {
      ($0.timestamp, $0.id.uuidString) < ($1.timestamp, $1.id.uuidString)
    }
  }

  private mutating func add<Item: LoggedItem>(
    _ item: Item, toLog logID: UUID, now: Date, items: WritableKeyPath<Self, CollectionSync<Item>>,
    held: WritableKeyPath<DailyLog, [Item]>
  ) -> Bool {
    guard var log = dailyLogs.store.live[logID], self[keyPath: items].edit(item, now: now),
      let stamped = self[keyPath: items].store.live[item.id]
    else { return false }
    log[keyPath: held].removeAll { $0.id == item.id }
    log[keyPath: held].append(stamped)
    log[keyPath: held].sort { ($0.timestamp, $0.id.uuidString) < ($1.timestamp, $1.id.uuidString) }
    return dailyLogs.edit(log, now: now)
  }

  private mutating func remove<Item: CloudSyncedEntity>(
    _ itemID: UUID, fromLog logID: UUID, now: Date, items: WritableKeyPath<Self, CollectionSync<Item>>,
    held: WritableKeyPath<DailyLog, [Item]>
  ) -> Bool {
    guard var log = dailyLogs.store.live[logID],
      let item = log[keyPath: held].first(where: { $0.id == itemID })
    else { return bug == .removalOfUnheldSucceeds }
    log[keyPath: held].removeAll { $0.id == itemID }
    dailyLogs.edit(log, now: now)
    guard bug != .removalLeavesItem else { return true }
    if self[keyPath: items].store.live[itemID] == nil, bug != .removalNeedsStoredItem {
      self[keyPath: items].edit(item, now: now)
    }
    self[keyPath: items].delete(itemID, now: now)
    return true
  }
}
