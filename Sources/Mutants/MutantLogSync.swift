import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `DailyLogSync` with one bug in what it reads, what a call leaves, or when the logs go.
///
/// CountMeCore's `DailyLogSync` with one bug: a download's documents rewritten before it reads them,
/// one collection's part of a call undone, or the logs' pass driven at another point of the pass.
///
/// NB: the parts are the reference's own, reached through `DailyLogSync`'s `package` setters: its
/// three `CollectionSync`s, and its log reading (`downloaded` with `collection` set to the logs).
struct MutantLogSync: LogSyncUnderTest {
  let bug: LogSyncMutant.Bug
  private(set) var sync: DailyLogSync
  /// Whether the wrapper is driving the logs' pass outside the reference's order.
  private var detour = false
  /// What the reference's pass answered before the detour began, given once the detour is done.
  private var afterDetour: CollectionSyncAction?
  /// Whether the reference's pass is over for this bug (it reached the logs, which went already).
  private var ended = false
  /// Whether this pass's download of each item collection succeeded.
  private var downloadedItems: Set<EntityType> = []

  init(bug: LogSyncMutant.Bug, sync: DailyLogSync) {
    self.bug = bug
    self.sync = sync
  }

  var logs: EntityStore<DailyLog> { sync.logs }
  var food: EntityStore<FoodItem> { sync.food }
  var exercise: EntityStore<ExerciseItem> { sync.exercise }
  var queues: [any SyncQueueing] { sync.queues }
  var skipped: [SkippedDocument] { sync.skipped }
  var collection: EntityType { detour ? .dailyLog : sync.collection }

  mutating func createLog(_ log: DailyLog, now: Date) -> Bool {
    let queue = sync.dailyLogs.queue
    guard sync.createLog(log, now: now) else { return bug == .createClaimsRefusedLog }
    if bug == .createdLogNotQueued { sync.dailyLogs.queue = queue }
    return true
  }

  mutating func addFood(_ item: FoodItem, toLog logID: UUID, now: Date) -> Bool {
    sync.addFood(item, toLog: logID, now: now)
  }

  mutating func addExercise(_ item: ExerciseItem, toLog logID: UUID, now: Date) -> Bool {
    sync.addExercise(item, toLog: logID, now: now)
  }

  mutating func removeFood(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    remove(itemID, of: \.foodItems) { $0.removeFood(itemID, fromLog: logID, now: now) }
  }

  mutating func removeExercise(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool {
    remove(itemID, of: \.exerciseItems) { $0.removeExercise(itemID, fromLog: logID, now: now) }
  }

  /// The reference's `removal` of item `itemID`, its item collection (`items`) put back as it was
  /// when the bug leaves the item untouched.
  private mutating func remove<Item>(
    _ itemID: UUID, of items: WritableKeyPath<DailyLogSync, CollectionSync<Item>>,
    _ removal: (inout DailyLogSync) -> Bool
  ) -> Bool {
    let before = sync[keyPath: items]
    let removed = removal(&sync)
    if removed,
      bug == .removalLeavesItem || (bug == .removalNeedsStoredItem && before.store.live[itemID] == nil)
    {
      sync[keyPath: items] = before
    }
    return removed || bug == .removalOfUnheldSucceeds
  }

  mutating func retryFailed() { sync.retryFailed() }

  mutating func startSync() {
    (detour, afterDetour, ended, downloadedItems) = (false, nil, false, [])
    sync.startSync()
    if bug == .logsBeforeFood { beginDetour(then: nil) }
  }

  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    while true {
      if detour {
        let action = sync.dailyLogs.next(now: now, online: online)
        guard case .done = action else { return action }
        detour = false
        if let action = afterDetour {
          afterDetour = nil
          if case .done = action { ended = true }
          return action
        }
        if bug != .logsBeforeFood { ended = true }
      }
      if ended { return .done }
      let was = sync.collection
      let action = sync.next(now: now, online: online)
      let reached = sync.collection
      if reached == .dailyLog, was != .dailyLog, [.logsBeforeFood, .logsBeforeExercise].contains(bug) {
        ended = true
        return .done
      }
      if was == .foodItem, reached != .foodItem, [.logsBeforeExercise, .exerciseNotSynced].contains(bug) {
        guard itemsReady(.foodItem) else {
          ended = bug == .exerciseNotSynced
          return ended ? .done : action
        }
        beginDetour(then: bug == .exerciseNotSynced ? .done : action)
        continue
      }
      if case .done = action, reached != .dailyLog, detoursAtTheEnd {
        beginDetour(then: .done)
        continue
      }
      return action
    }
  }

  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    guard detour || sync.collection == .dailyLog else {
      let logs = sync.dailyLogs
      let skippedBefore = sync.skipped.count
      sync.downloaded(result, now: now)
      guard (try? result.get()) != nil else { return }
      downloadedItems.insert(sync.collection)
      switch bug {
      case .itemTombstonesIgnored: sync.dailyLogs = logs
      case .itemCopiesGoStale:
        let broken = sync.skipped.dropFirst(skippedBefore).map(\.path.documentId)
        sync.dailyLogs = logs
        if sync.collection == .foodItem {
          sync.dailyLogs.removeItems(Set(sync.food.deleted.keys))
          reuploadLogs(holding: Set(broken.compactMap(FoodItem.entityId(ofDocument:))))
        } else {
          sync.dailyLogs.removeItems(Set(sync.exercise.deleted.keys))
          reuploadLogs(holding: Set(broken.compactMap(ExerciseItem.entityId(ofDocument:))))
        }
      default: break
      }
      return
    }
    let collection = sync.collection
    sync.collection = .dailyLog
    sync.downloaded(result.map { $0.compactMap(logAsRead) }, now: now)
    if detour { sync.collection = collection }
  }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    guard detour else { return sync.uploaded(id, result: result, now: now) }
    sync.dailyLogs.uploaded(id, result: result, now: now)
  }

  mutating func restart(with queues: [any SyncQueueing], now: Date) {
    sync.restart(with: queues, now: now)
    (detour, afterDetour, ended, downloadedItems) = (false, nil, false, [])
  }

  /// Whether the logs go when the reference's pass stops short of them.
  private var detoursAtTheEnd: Bool {
    switch bug {
    case .logsWithoutReadyItems: return true
    case .logsPastFailedItems: return itemsReady(.foodItem) && itemsReady(.exerciseItem)
    default: return false
    }
  }

  /// Whether item collection `type` is ready for the logs as the bug sees it.
  ///
  /// Downloaded this pass, nothing pending or in flight, and nothing failed unless the bug goes past
  /// failures.
  private func itemsReady(_ type: EntityType) -> Bool {
    let queue = type == .foodItem ? sync.foodItems.queue : sync.exerciseItems.queue
    return downloadedItems.contains(type) && queue.pending.isEmpty && queue.inFlight == nil
      && (queue.failed.isEmpty || bug == .logsPastFailedItems)
  }

  /// Starts the logs' pass here, `action` (the reference's answer set aside) to be given after it.
  private mutating func beginDetour(then action: CollectionSyncAction?) {
    (detour, afterDetour) = (true, action)
    sync.dailyLogs.startSync()
  }

  /// Queues for upload every log holding one of `items`, whose documents could not be read.
  private mutating func reuploadLogs(holding items: Set<UUID>) {
    for log in sync.logs.holding(items) { sync.dailyLogs.reupload(log.id) }
  }

  /// `change` as the bug reads a log; nil to leave it out.
  ///
  /// `change` as the bug reads a log: alone (naming no items), without the deleted items it names
  /// (so no upload follows), or dropped when it cannot be read as a log; nil to leave it out.
  private func logAsRead(_ change: CloudChange) -> CloudChange? {
    let fields = change.document.fields
    let readsAsLog = Self.readsAsLog(change)
    switch bug {
    case .logsNeverRepaired: return readsAsLog ? change : nil
    case .logsReadAlone where readsAsLog && !Tombstone.isTombstone(fields):
      return Self.change(change, naming: ["foodItemIds": [], "exerciseItemIds": []])
    case .itemTombstonesIgnored, .reuploadsOnlyNamingBothKinds:
      guard let foodIDs = fields["foodItemIds"] as? [String],
        let exerciseIDs = fields["exerciseItemIds"] as? [String]
      else { return change }
      let food = foodIDs.filter {
        FoodItem.entityId(ofDocument: $0).map { sync.food.deleted[$0] == nil } ?? true
      }
      let exercise = exerciseIDs.filter {
        ExerciseItem.entityId(ofDocument: $0).map { sync.exercise.deleted[$0] == nil } ?? true
      }
      let both = food.count < foodIDs.count && exercise.count < exerciseIDs.count
      guard bug == .itemTombstonesIgnored || !both else { return change }
      return Self.change(change, naming: ["foodItemIds": food, "exerciseItemIds": exercise])
    default: return change
    }
  }

  /// `change` with its document's item ids replaced by `ids`.
  private static func change(_ change: CloudChange, naming ids: [String: [String]]) -> CloudChange {
    var fields = change.document.fields
    for (field, list) in ids { fields[field] = list }
    return CloudChange(revision: change.revision, path: change.path, document: CloudDocument(fields))
  }

  /// Whether `change`'s document reads as a log or a tombstone with its path's id.
  private static func readsAsLog(_ change: CloudChange) -> Bool {
    let fields = change.document.fields
    let id =
      Tombstone.isTombstone(fields)
      ? (try? Tombstone.fromFirestoreData(fields))?.id : (try? DailyLog.fromFirestoreData(fields))?.id
    return id != nil && id == DailyLog.entityId(ofDocument: change.path.documentId)
  }
}
