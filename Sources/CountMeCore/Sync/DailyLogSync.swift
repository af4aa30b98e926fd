import Foundation

/// One device's sync of its daily logs and the food and exercise in them, as a sans-IO state machine.
///
/// One device's sync of its daily logs and the food and exercise in them (seed 002, 8.4), sans-IO
/// as `CollectionSync`: three collections, `foodItems`, `exerciseItems` and `dailyLogs`, each a
/// `CollectionSync` with its own queue and cursor.
///
/// A log's document names its items by id (`foodItemIds`, `exerciseItemIds`); each item is a
/// document of its own collection. Two versions of a log merge (`Reconcile.mergeLogs`: the union of
/// their items by id), and an item removed from a log is deleted: its tombstone, in its collection,
/// wins over the item inside every version of the log. So a log synced on its own (a
/// `CollectionSync<DailyLog>` reading documents with `DailyLog.fromFirestoreData`, whose logs hold
/// no items) never shows a device the items another added, and re-uploads its own items' log at
/// every pass; and a log merged without the tombstones brings back the items a user removed. Hence
/// the order of a pass:
/// 1. `foodItems`, then `exerciseItems`: each downloads (every version and tombstone the cloud
///    holds), hands every deletion this device knows of to the logs (`CollectionSync.removeItems`),
///    and uploads its queue.
/// 2. `dailyLogs`, only if both item downloads succeeded and both item queues hold nothing pending
///    and nothing that failed for good (a log this device uploads never names an item whose
///    document is not in the cloud before it; an item the cloud refused holds the logs back until
///    the user retries it, `retryFailed`, or changes it): download, each log's items being the live items its ids name, as this device holds
///    them (so no log gains an item deleted here: an id it holds no version of is left out; one it
///    knows deleted is left out and the log queued for upload, so the cloud's version stops naming
///    it); then upload.
///
/// A driver reads `collection` to know which collection a `.download` reads. A `.wait` (an upload
/// waiting out its backoff) is the pass's, as a `CollectionSync`'s: a driver that does not wait
/// ends the pass there, and the next pass starts again with the food items.
///
/// NB: the logs wait for every item upload, a failed one included, because a log's document names
/// its items by id and another device shows only the items whose documents it can read: a log sent
/// past an item the cloud refused names an item no other device ever shows (F21 found it once its
/// runs drew permanent faults). The cost: one refused item holds back the day's log, and any other,
/// until the user retries.
public struct DailyLogSync: Sendable {
  /// The food items: their versions and, what the logs need of them, their tombstones.
  public package(set) var foodItems: CollectionSync<FoodItem>
  /// The exercise items, as the food items.
  public package(set) var exerciseItems: CollectionSync<ExerciseItem>
  /// The daily logs.
  public package(set) var dailyLogs: CollectionSync<DailyLog>
  /// The collection the pass is on (`.foodItem`, `.exerciseItem` or `.dailyLog`): what a
  /// `.download` reads and an upload's result is reported for.
  public package(set) var collection = EntityType.foodItem
  private var syncing = false
  /// Whether this pass's download of `collection` succeeded.
  private var downloadedCollection = false
  /// Whether every item collection synced so far in this pass is ready for the logs: downloaded,
  /// with nothing left to upload.
  private var itemsReady = false

  /// A device of user `uid` holding `logs`, `food` and `exercise`, with a queue and a cursor for each.
  ///
  /// A device of user `uid` holding `logs`, `food` and `exercise` (empty on a new device), with a
  /// queue and a download cursor for each collection (a restart makes the device again from these).
  public init(
    uid: String, foodQueue: any SyncQueueing, exerciseQueue: any SyncQueueing, logQueue: any SyncQueueing,
    logs: EntityStore<DailyLog> = EntityStore(), food: EntityStore<FoodItem> = EntityStore(),
    exercise: EntityStore<ExerciseItem> = EntityStore(),
    cursors: (food: Int, exercise: Int, logs: Int) = (0, 0, 0)
  ) {
    self.foodItems = CollectionSync(uid: uid, queue: foodQueue, store: food, cursor: cursors.food)
    self.exerciseItems = CollectionSync(
      uid: uid, queue: exerciseQueue, store: exercise, cursor: cursors.exercise)
    self.dailyLogs = CollectionSync(uid: uid, queue: logQueue, store: logs, cursor: cursors.logs)
  }

  /// Every cloud document skipped because it could not be read: the food items', the exercise
  /// items', then the logs'.
  public var skipped: [SkippedDocument] { foodItems.skipped + exerciseItems.skipped + dailyLogs.skipped }

  /// A new log (a day the user opens for the first time on this device), made at `now` and queued
  /// for upload.
  ///
  /// It holds no items yet: they join it through `addFood` and `addExercise`, which send each item's document
  /// before the log names it. False, changing nothing, when the log holds items or this device already knows
  /// a log with its id (live or deleted).
  @discardableResult
  public mutating func createLog(_ log: DailyLog, now: Date) -> Bool {
    guard log.foodItems.isEmpty, log.exerciseItems.isEmpty, dailyLogs.store.live[log.id] == nil,
      dailyLogs.store.deleted[log.id] == nil
    else { return false }
    return dailyLogs.edit(log, now: now)
  }

  /// `item` added to (or changed in) log `logID` at `now`, both queued for upload.
  ///
  /// `item` added to log `logID` at `now` (or, for an item the log holds, changed in it): the item
  /// is edited among the food items and the log, holding that version in order of time then id, is
  /// edited; both are queued for upload.
  ///
  /// False, changing nothing, when the log is not live here or the item is deleted here (a user adds only to
  /// a log the device shows).
  @discardableResult
  public mutating func addFood(_ item: FoodItem, toLog logID: UUID, now: Date) -> Bool {
    add(item, toLog: logID, now: now, items: \Self.foodItems, held: \DailyLog.foodItems)
  }

  /// `addFood(_:toLog:now:)` for an exercise item.
  @discardableResult
  public mutating func addExercise(_ item: ExerciseItem, toLog logID: UUID, now: Date) -> Bool {
    add(item, toLog: logID, now: now, items: \Self.exerciseItems, held: \DailyLog.exerciseItems)
  }

  /// Food item `itemID` removed from log `logID` at `now`, and deleted.
  ///
  /// Food item `itemID` removed from log `logID` at `now`: the log is edited without it, and the
  /// item is deleted, even when this device never downloaded the item's own document (it knows it
  /// from the log): its tombstone, uploaded to `foodItems`, is what keeps every other version of the
  /// log from bringing it back.
  ///
  /// False, changing nothing, when the log is not live here or does not hold the item.
  @discardableResult
  public mutating func removeFood(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    remove(itemID, fromLog: logID, now: now, items: \Self.foodItems, held: \DailyLog.foodItems)
  }

  /// `removeFood(_:fromLog:now:)` for an exercise item.
  @discardableResult
  public mutating func removeExercise(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    remove(itemID, fromLog: logID, now: now, items: \Self.exerciseItems, held: \DailyLog.exerciseItems)
  }

  /// Starts a pass: the food items, the exercise items, then the logs.
  public mutating func startSync() {
    (collection, syncing, downloadedCollection, itemsReady) = (.foodItem, true, false, true)
    foodItems.startSync()
  }

  /// What to do at `now` with the network `online` or not (`CollectionSync.next`, for `collection`).
  public mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    while syncing {
      let action: CollectionSyncAction
      switch collection {
      case .foodItem: action = foodItems.next(now: now, online: online)
      case .exerciseItem: action = exerciseItems.next(now: now, online: online)
      default: action = dailyLogs.next(now: now, online: online)
      }
      guard case .done = action else { return action }
      switch collection {
      case .foodItem:
        itemsReady = itemsReady && downloadedCollection && Self.drained(foodItems.queue)
        (collection, downloadedCollection) = (.exerciseItem, false)
        exerciseItems.startSync()
      case .exerciseItem:
        itemsReady = itemsReady && downloadedCollection && Self.drained(exerciseItems.queue)
        guard itemsReady else {
          syncing = false
          return .done
        }
        (collection, downloadedCollection) = (.dailyLog, false)
        dailyLogs.startSync()
      default: syncing = false
      }
    }
    return .done
  }

  /// Reports the download of `collection`.
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    downloadedCollection = (try? result.get()) != nil
    switch collection {
    case .foodItem: downloadedItems(result, \Self.foodItems, held: \DailyLog.foodItems)
    case .exerciseItem: downloadedItems(result, \Self.exerciseItems, held: \DailyLog.exerciseItems)
    default:
      let (food, exercise) = (foodItems.store, exerciseItems.store)
      var namingDeleted: [UUID] = []
      dailyLogs.downloaded(result) { fields in
        var log = try DailyLog.fromFirestoreData(fields)
        let foodIDs = try DailyLog.foodItemIds(inFirestoreData: fields)
        let exerciseIDs = try DailyLog.exerciseItemIds(inFirestoreData: fields)
        log.foodItems = food.liveItems(foodIDs)
        log.exerciseItems = exercise.liveItems(exerciseIDs)
        if food.deletesAny(of: foodIDs) || exercise.deletesAny(of: exerciseIDs) {
          namingDeleted.append(log.id)
        }
        return log
      }
      for id in namingDeleted { dailyLogs.reupload(id) }
    }
  }

  /// Reports the download of an item collection, and brings every log's items in line with it.
  ///
  /// Reports the download of an item collection: every log then holds the items as this device
  /// does (`holdItems`), and a log holding an item whose document could not be read, which
  /// `CollectionSync` repairs with this device's version, is queued for upload too.
  ///
  /// A device that read the log while the item's document was broken left the item out of it, and reads the
  /// log again only when the log's document changes.
  private mutating func downloadedItems<Item: LoggedItem>(
    _ result: Result<[CloudChange], SyncError>, _ items: WritableKeyPath<Self, CollectionSync<Item>>,
    held: WritableKeyPath<DailyLog, [Item]>
  ) {
    let skippedBefore = self[keyPath: items].skipped.count
    self[keyPath: items].downloaded(result)
    guard downloadedCollection else { return }
    dailyLogs.holdItems(of: self[keyPath: items].store, in: held)
    let broken = Set(
      self[keyPath: items].skipped.dropFirst(skippedBefore).compactMap {
        Item.entityId(ofDocument: $0.path.documentId)
      })
    for log in dailyLogs.store.holding(broken) { dailyLogs.reupload(log.id) }
  }

  /// Reports how upload `id` of `collection` ended at `now`.
  public mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    switch collection {
    case .foodItem: foodItems.uploaded(id, result: result, now: now)
    case .exerciseItem: exerciseItems.uploaded(id, result: result, now: now)
    default: dailyLogs.uploaded(id, result: result, now: now)
    }
  }

  /// Whether `queue` holds nothing pending, in flight, or failed for good.
  private static func drained(_ queue: any SyncQueueing) -> Bool {
    queue.pending.isEmpty && queue.inFlight == nil && queue.failed.isEmpty
  }

  /// The user's "retry" of every upload that failed for good, in the three collections.
  public mutating func retryFailed() {
    foodItems.retryFailed()
    exerciseItems.retryFailed()
    dailyLogs.retryFailed()
  }

  private mutating func add<Item: LoggedItem>(
    _ item: Item, toLog logID: UUID, now: Date, items: WritableKeyPath<Self, CollectionSync<Item>>,
    held: WritableKeyPath<DailyLog, [Item]>
  ) -> Bool {
    guard var log = dailyLogs.store.live[logID], self[keyPath: items].edit(item, now: now),
      let stamped = self[keyPath: items].store.live[item.id]
    else { return false }
    log.hold(stamped, in: held)
    return dailyLogs.edit(log, now: now)
  }

  private mutating func remove<Item: LoggedItem>(
    _ itemID: UUID, fromLog logID: UUID, now: Date, items: WritableKeyPath<Self, CollectionSync<Item>>,
    held: WritableKeyPath<DailyLog, [Item]>
  ) -> Bool {
    guard var log = dailyLogs.store.live[logID],
      let item = log[keyPath: held].first(where: { $0.id == itemID })
    else { return false }
    log[keyPath: held].removeAll { $0.id == itemID }
    dailyLogs.edit(log, now: now)
    if self[keyPath: items].store.live[itemID] == nil {
      self[keyPath: items].edit(item, now: now)  // so that it has one to delete
    }
    self[keyPath: items].delete(itemID, now: now)
    return true
  }
}

extension EntityStore where Entity: LoggedItem {
  /// The live items `ids` name, in a log's order (time, then id); an id naming none is left out.
  func liveItems(_ ids: [UUID]) -> [Entity] {
    ids.compactMap { live[$0] }.sorted(by: DailyLog.inLogOrder)
  }

  /// Whether this store holds a tombstone for any of `ids`.
  func deletesAny(of ids: [UUID]) -> Bool { ids.contains { deleted[$0] != nil } }
}

extension CollectionSync where Entity == DailyLog {
  /// Log `id`, when live here, queued for upload again as it is.
  ///
  /// Log `id`, when live here, marked `pendingUpload` and queued for upload as it is, keeping its
  /// `lastModified`: the cloud's version names an item this device knows deleted, or this device
  /// took one out (`removeItems`).
  public mutating func reupload(_ id: UUID) {
    guard let log = store.live[id] else { return }
    store.mark(id, .pendingUpload, ifModifiedAt: log.lastModified)
    requeue(.update, id, log.lastModified)
  }

  /// Every log here made to hold `items` as this device has them.
  ///
  /// Every log here as `items` (this device's store of one kind of item, just downloaded) has them:
  /// without the items it deleted (`removeItems`), and holding its current version of every other
  /// item it has one of, in `inLogOrder`.
  ///
  /// The second half is what keeps a log's copy of an item from going stale: a newer version of an
  /// item can reach the store through its own collection while the log's document, which names
  /// the item only by id, does not change (F21 found it: another client broke the item's document,
  /// a device added the item again at the same stamp, the tie's winner re-sent its version, and a
  /// third device, whose log had taken the loser, never saw the winner in it). A refreshed copy
  /// keeps the log's `lastModified` and sync status: its document, which names ids, is unchanged.
  public mutating func holdItems<Item: LoggedItem>(
    of items: EntityStore<Item>, in held: WritableKeyPath<DailyLog, [Item]>
  ) {
    removeItems(Set(items.deleted.keys))
    let stale = store.live.values.filter { log in
      log[keyPath: held].contains { copy in items.live[copy.id].map { !$0.hasSameContent(as: copy) } ?? false
      }
    }
    for var log in stale.sorted(by: { $0.id.idText < $1.id.idText }) {
      log[keyPath: held] = log[keyPath: held].map { items.live[$0.id] ?? $0 }.sorted(by: DailyLog.inLogOrder)
      store.live[log.id] = log
    }
  }

  /// Every log here without the food and exercise items in `deleted` (the items this device knows
  /// deleted).
  ///
  /// A log that held one keeps its `lastModified` (the change is the items' deletion, whose time their
  /// tombstones hold, as in `EntityStore.merge(_:deletedItems:)`), becomes `pendingUpload`, and is queued for
  /// upload, so that the cloud's version loses the items too.
  public mutating func removeItems(_ deleted: Set<UUID>) {
    for var log in store.holding(deleted) {
      log.removeItems(deleted)
      store.live[log.id] = log
      reupload(log.id)
    }
  }
}
