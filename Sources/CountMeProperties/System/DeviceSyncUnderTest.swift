import CountMeCore
import Foundation

/// One device's sync of its food items through the cloud, as F12–F18, F22, F23, F29 and F30 drive it: the
/// interface of CountMeCore's `CollectionSync`, which an implementation under test provides.
public protocol DeviceSyncUnderTest: Sendable {
  /// The device's local store.
  var store: EntityStore<FoodItem> { get }
  /// Its uploads not yet acknowledged.
  var queue: any SyncQueueing { get }
  /// Every cloud document it skipped as unreadable, in the order met.
  var skipped: [SkippedDocument] { get }
  /// A local create or update, queued for upload; false for a deleted item.
  mutating func edit(_ entity: FoodItem, now: Date) -> Bool
  /// A local deletion, queued for upload; false when the item is not live here.
  mutating func delete(_ id: UUID, now: Date) -> Bool
  /// Starts a pass.
  mutating func startSync()
  /// What the pass does next.
  mutating func next(now: Date, online: Bool) -> CollectionSyncAction
  /// How the download went.
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>)
  /// How an upload went.
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date)
}

extension CollectionSync: DeviceSyncUnderTest where Entity == FoodItem {}

extension SystemUnderTest {
  /// CountMeCore's `CollectionSync`.
  public func makeFoodItemSync(uid: String, queue: any SyncQueueing) -> any DeviceSyncUnderTest {
    CollectionSync<FoodItem>(uid: uid, queue: queue)
  }

  /// CountMeCore's `CollectionSync`, migrating.
  public func migrateFoodItems(uid: String, queue: any SyncQueueing, guest: EntityStore<FoodItem>)
    -> any DeviceSyncUnderTest
  {
    CollectionSync<FoodItem>(uid: uid, queue: queue, migrating: guest)
  }
}
