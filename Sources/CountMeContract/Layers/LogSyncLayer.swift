import CountMeCore
import Foundation

/// One device's sync of its daily logs and their items: the interface of CountMeCore's `DailyLogSync`.
///
/// One device's sync of its daily logs and the food and exercise in them through the cloud, as
/// F21's devices drive it: the interface of CountMeCore's `DailyLogSync`.
///
/// It syncs three collections, `foodItems` and `exerciseItems` (whose tombstones say what was removed from a
/// log) and `dailyLogs`, each with its own queue.
public protocol LogSyncUnderTest: Sendable {
  /// The device's daily logs.
  var logs: EntityStore<DailyLog> { get }
  /// Its food items (what its food list shows).
  var food: EntityStore<FoodItem> { get }
  /// Its exercise items.
  var exercise: EntityStore<ExerciseItem> { get }
  /// Its uploads not yet acknowledged: the food items' queue, the exercise items', then the logs'.
  var queues: [any SyncQueueing] { get }
  /// Every cloud document it skipped as unreadable.
  var skipped: [SkippedDocument] { get }
  /// The collection a pass is on (`.foodItem`, `.exerciseItem` or `.dailyLog`): what a
  /// `.download` reads.
  var collection: EntityType { get }
  /// A new, empty log made on this device at `now` and queued for upload.
  ///
  /// False, changing nothing, when the log holds items or the device already knows a log with its id.
  mutating func createLog(_ log: DailyLog, now: Date) -> Bool
  /// `item` added to (or changed in) log `logID`; false, changing nothing, when the log is not
  /// live here or the item is deleted here.
  mutating func addFood(_ item: FoodItem, toLog logID: UUID, now: Date) -> Bool
  /// Food item `itemID` removed from log `logID`; false when the log does not hold it here.
  mutating func removeFood(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool
  /// `addFood(_:toLog:now:)` for an exercise item.
  mutating func addExercise(_ item: ExerciseItem, toLog logID: UUID, now: Date) -> Bool
  /// `removeFood(_:fromLog:now:)` for an exercise item.
  mutating func removeExercise(_ itemID: UUID, fromLog logID: UUID, now: Date) -> Bool
  /// Starts a pass.
  mutating func startSync()
  /// What the pass does next.
  mutating func next(now: Date, online: Bool) -> CollectionSyncAction
  /// How the download of `collection` went, at the device's time `now` (a merge stamped with it
  /// may read it).
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date)
  /// How an upload of `collection` went.
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date)
  /// The device after a restart between passes, with `queues` loaded from what the old ones persisted.
  ///
  /// The device after a restart between passes: its stores and cursors stay, its queues are
  /// `queues` (loaded from the bytes the old ones persisted, in `queues`' order); `now` is the
  /// device's time at the launch.
  mutating func restart(with queues: [any SyncQueueing], now: Date)
  /// The device's network went up (`online`) or down at `now`, between passes: true when the
  /// device starts a pass at once (the run then makes one).
  ///
  /// By default false.
  mutating func networkChanged(online: Bool, now: Date) -> Bool
  /// The user's "retry" of every upload that failed for good (the runs' quiet spell starts with it).
  mutating func retryFailed()
}

extension LogSyncUnderTest {
  /// False: the device learns of the network inside its next pass.
  public mutating func networkChanged(online: Bool, now: Date) -> Bool { false }
}

extension DailyLogSync: LogSyncUnderTest {
  /// The food items' queue, the exercise items', then the logs'.
  public var queues: [any SyncQueueing] { [foodItems.queue, exerciseItems.queue, dailyLogs.queue] }

  /// The logs' store.
  public var logs: EntityStore<DailyLog> { dailyLogs.store }

  /// The food items' store.
  public var food: EntityStore<FoodItem> { foodItems.store }

  /// The exercise items' store.
  public var exercise: EntityStore<ExerciseItem> { exerciseItems.store }

  /// `downloaded(_:)`: CountMeCore's merges keep the versions' own stamps, so `now` goes unread.
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    downloaded(result)
  }

  /// A `DailyLogSync` made again from the same user, stores and cursors, with `queues`; `now` goes
  /// unread.
  public mutating func restart(with queues: [any SyncQueueing], now: Date) {
    self = DailyLogSync(
      uid: foodItems.uid, foodQueue: queues[0], exerciseQueue: queues[1], logQueue: queues[2],
      logs: dailyLogs.store, food: foodItems.store, exercise: exerciseItems.store,
      cursors: (foodItems.cursor, exerciseItems.cursor, dailyLogs.cursor))
  }

  /// False: CountMeCore's device learns of the network inside its next pass.
  public mutating func networkChanged(online: Bool, now: Date) -> Bool { false }
}

/// A device's sync of its daily logs and the food and exercise in them, judged by F21.
///
/// A device's sync of its daily logs and the food and exercise in them: judged by F21, with the
/// queue layer (and the conflicts and retention layers its other worlds use).
public protocol LogSyncLayer: SystemUnderTest {
  /// A device of user `uid` holding `logs`, with a queue for each collection: the food items',
  /// the exercise items', then the logs'.
  func makeLogSync(uid: String, logs: EntityStore<DailyLog>, queues: [any SyncQueueing])
    -> any LogSyncUnderTest
}
