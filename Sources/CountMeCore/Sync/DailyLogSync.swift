import Foundation

/// One device's sync of its daily logs and the food in them (seed 002, 8.4), sans-IO as
/// `CollectionSync`: two collections, `foodItems` and `dailyLogs`, each a `CollectionSync` with its
/// own queue and cursor.
///
/// A log's document names its food by id (`foodItemIds`); each item is a document of `foodItems`.
/// Two versions of a log merge (`Reconcile.mergeLogs`: the union of their items by id), and food
/// removed from a log is deleted: its tombstone, in `foodItems`, wins over the item inside every
/// version of the log. So a log synced on its own (a `CollectionSync<DailyLog>` reading documents
/// with `DailyLog.fromFirestoreData`, whose logs hold no items) never shows a device the food
/// another added, and re-uploads its own items' log at every pass; and a log merged without the
/// tombstones brings back the food a user removed. Hence the order of a pass:
/// 1. `foodItems`: download (every version and tombstone the cloud holds), then upload, until the
///    food queue holds nothing pending: a log this device uploads never names an item whose
///    document is not in the cloud before it.
/// 2. Every deletion this device knows is handed to the logs (`CollectionSync.removeItems`).
/// 3. `dailyLogs`: download, each log's items being the live food items its `foodItemIds` name, as
///    this device holds them (so no log gains an item deleted here: an id it holds no version of is
///    left out; one it knows deleted is left out and the log queued for upload, so the cloud's
///    version stops naming it); then upload.
///
/// If the food download fails, or food uploads still wait, the pass ends before the logs. A driver
/// reads `collection` to know which collection a `.download` reads.
///
/// NB: exercise items in a log are not synced yet (the same design would add `exerciseItems`).
/// NB: a food upload that failed for good (the queue's `failed`) does not hold back the logs, so a
/// log may name an item whose document never reached the cloud; other devices leave it out.
public struct DailyLogSync: Sendable {
  /// The food items: their versions and, what the logs need of them, their tombstones.
  public private(set) var foodItems: CollectionSync<FoodItem>
  /// The daily dailyLogs.
  public private(set) var dailyLogs: CollectionSync<DailyLog>
  /// The collection the pass is on (`.foodItem` or `.dailyLog`): what a `.download` reads and an
  /// upload's result is reported for.
  public private(set) var collection = EntityType.foodItem
  private var syncing = false
  /// Whether this pass's food download succeeded (the logs' step runs only then).
  private var downloadedFood = false

  /// A device of user `uid` holding `logs` and `food` (empty on a new device), with a queue and a
  /// download cursor for each collection (a restart makes the device again from these).
  public init(
    uid: String, foodQueue: any SyncQueueing, logQueue: any SyncQueueing,
    logs: EntityStore<DailyLog> = EntityStore(), food: EntityStore<FoodItem> = EntityStore(),
    cursors: (food: Int, logs: Int) = (0, 0)
  ) {
    self.foodItems = CollectionSync(uid: uid, queue: foodQueue, store: food, cursor: cursors.food)
    self.dailyLogs = CollectionSync(uid: uid, queue: logQueue, store: logs, cursor: cursors.logs)
  }

  /// Every cloud document skipped because it could not be read: the food items', then the logs'.
  public var skipped: [SkippedDocument] { foodItems.skipped + dailyLogs.skipped }

  /// `item` added to log `logID` at `now` (or, for an item the log holds, changed in it): the item
  /// is edited among the food items and the log, holding that version in order of time then id, is
  /// edited; both are queued for upload. False, changing nothing, when the log is not live here or
  /// the item is deleted here (a user adds only to a log the device shows).
  @discardableResult
  public mutating func addFood(_ item: FoodItem, toLog logID: UUID, now: Date) -> Bool {
    guard var log = dailyLogs.store.live[logID], foodItems.edit(item, now: now),
      let stamped = foodItems.store.live[item.id]
    else { return false }
    log.holdFood(stamped)
    return dailyLogs.edit(log, now: now)
  }

  /// Food item `itemID` removed from log `logID` at `now`: the log is edited without it, and the
  /// item is deleted, even when this device never downloaded the item's own document (it knows it
  /// from the log): its tombstone, uploaded to `foodItems`, is what keeps every other version of the
  /// log from bringing it back. False, changing nothing, when the log is not live here or does not
  /// hold the item.
  @discardableResult
  public mutating func removeFood(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    guard var log = dailyLogs.store.live[logID], let item = log.foodItems.first(where: { $0.id == itemID })
    else {
      return false
    }
    log.foodItems.removeAll { $0.id == itemID }
    dailyLogs.edit(log, now: now)
    if foodItems.store.live[itemID] == nil { foodItems.edit(item, now: now) }  // so that it has one to delete
    foodItems.delete(itemID, now: now)
    return true
  }

  /// Starts a pass: the food items, then the logs.
  public mutating func startSync() {
    collection = .foodItem
    (syncing, downloadedFood) = (true, false)
    foodItems.startSync()
  }

  /// What to do at `now` with the network `online` or not (`CollectionSync.next`, for `collection`).
  public mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    guard syncing else { return .done }
    if collection == .foodItem {
      let action = foodItems.next(now: now, online: online)
      guard case .done = action else { return action }
      let food = foodItems.queue
      guard downloadedFood, food.pending.isEmpty, food.inFlight == nil else {
        syncing = false
        return .done
      }
      collection = .dailyLog
      dailyLogs.startSync()
    }
    let action = dailyLogs.next(now: now, online: online)
    if case .done = action { syncing = false }
    return action
  }

  /// Reports the download of `collection`.
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    if collection == .foodItem {
      foodItems.downloaded(result)
      downloadedFood = (try? result.get()) != nil
      if downloadedFood { dailyLogs.removeItems(Set(foodItems.store.deleted.keys)) }
    } else {
      let food = foodItems.store
      var namingDeleted: [UUID] = []
      dailyLogs.downloaded(result) { fields in
        var log = try DailyLog.fromFirestoreData(fields)
        let ids = try DailyLog.foodItemIds(inFirestoreData: fields)
        log.foodItems = ids.compactMap { food.live[$0] }.sorted(by: DailyLog.inFoodOrder)
        if ids.contains(where: { food.deleted[$0] != nil }) { namingDeleted.append(log.id) }
        return log
      }
      for id in namingDeleted { dailyLogs.reupload(id) }
    }
  }

  /// Reports how upload `id` of `collection` ended at `now`.
  public mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    if collection == .foodItem {
      foodItems.uploaded(id, result: result, now: now)
    } else {
      dailyLogs.uploaded(id, result: result, now: now)
    }
  }
}

extension CollectionSync where Entity == DailyLog {
  /// Log `id`, when live here, marked `pendingUpload` and queued for upload as it is, keeping its
  /// `lastModified`: the cloud's version names an item this device knows deleted, or this device
  /// took one out (`removeItems`).
  public mutating func reupload(_ id: UUID) {
    guard let log = store.live[id] else { return }
    store.mark(id, .pendingUpload, ifModifiedAt: log.lastModified)
    requeue(.update, id, log.lastModified)
  }

  /// Every log here without the food and exercise items in `deleted` (the items this device knows
  /// deleted). A log that held one keeps its `lastModified` (the change is the items' deletion,
  /// whose time their tombstones hold, as in `EntityStore.merge(_:deletedItems:)`), becomes
  /// `pendingUpload`, and is queued for upload, so that the cloud's version loses the items too.
  public mutating func removeItems(_ deleted: Set<UUID>) {
    guard !deleted.isEmpty else { return }
    let holding = store.live.values.filter { log in
      log.foodItems.contains { deleted.contains($0.id) }
        || log.exerciseItems.contains { deleted.contains($0.id) }
    }
    for var log in holding.sorted(by: { $0.id.uuidString < $1.id.uuidString }) {
      log.foodItems.removeAll { deleted.contains($0.id) }
      log.exerciseItems.removeAll { deleted.contains($0.id) }
      store.live[log.id] = log
      reupload(log.id)
    }
  }
}
