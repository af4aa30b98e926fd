import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `DailyLogSync`, restated with a switch for one bug (a copy on purpose, as
/// `MutantCollectionSync` is: the reference stays free of mutation hooks).
///
/// The order of a pass's collections is a list here, so that a bug can change it.
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
