import CountMeCore
import Foundation

/// One device's sync of one collection through the cloud: the interface of CountMeCore's `CollectionSync`.
///
/// One device's sync of one collection through the cloud, as F12–F18, F22, F23, F29 and F30 drive
/// it: the interface of CountMeCore's `CollectionSync`, which an implementation under test
/// provides for each entity type the runs sync (food items, exercise items, custom meals, the goal and
/// daily logs, a log's own document: its items are the log sync's).
public protocol DeviceSyncUnderTest<Entity>: Sendable {
  /// The entity type it syncs; its type names the collection.
  associatedtype Entity: CloudSyncedEntity
  /// The device's local store.
  var store: EntityStore<Entity> { get }
  /// Its uploads not yet acknowledged.
  var queue: any SyncQueueing { get }
  /// Every cloud document it skipped as unreadable, in the order met.
  var skipped: [SkippedDocument] { get }
  /// A local create or update, queued for upload; false for a deleted entity.
  mutating func edit(_ entity: Entity, now: Date) -> Bool
  /// A local deletion, queued for upload; false when the entity is not live here.
  mutating func delete(_ id: UUID, now: Date) -> Bool
  /// Starts a pass.
  mutating func startSync()
  /// What the pass does next.
  mutating func next(now: Date, online: Bool) -> CollectionSyncAction
  /// How the download went, at the device's time `now` (a merge stamped with it may read it).
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date)
  /// How the download went, with the documents the cloud no longer holds that this device last heard of.
  ///
  /// How the download went, with `removed`: the documents this device last heard of (downloaded,
  /// or uploaded itself) that the cloud no longer holds, in path order, as a Firestore listener
  /// reports them (`DocumentChange.removed`). An app that deletes documents outright learns of
  /// another device's deletion here; `removed` is empty on a failure.
  ///
  /// By default `removed` goes unread (`downloaded(_:now:)`): CountMeCore never deletes outright,
  /// a deletion travels as a tombstone document.
  mutating func downloaded(
    _ result: Result<[CloudChange], SyncError>, removed: [DocumentPath], now: Date)
  /// How long it waits for a cloud call's answer before the call ends as `deadlineExceeded`; nil: for ever.
  ///
  /// How long, in seconds, the device waits for a cloud call's answer before it ends the call as
  /// `deadlineExceeded` (its network layer's timeout), which it then retries as any transient
  /// fault; nil when it waits for ever, and a call that gets no answer hangs its pass (P32).
  var callTimeout: TimeInterval? { get }
  /// How an upload went.
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date)
  /// The device after a restart between passes, with `queue` loaded from what the old one persisted.
  ///
  /// The device after a restart between passes: what it keeps on disk (its store and download
  /// cursor) stays, its queue is `queue` (loaded from the bytes the old one persisted), and what it
  /// held in memory is gone; `now` is the device's time at the launch.
  mutating func restart(with queue: any SyncQueueing, now: Date)
  /// The device after the app was deleted and installed again, its queue `queue` (empty).
  ///
  /// The device after the app was deleted and installed again between passes: everything the app
  /// kept in its container (its store, its download cursor, its queue) is gone, its queue is
  /// `queue` (new and empty), and only what it keeps outside the container (the Keychain, which
  /// iOS keeps across a reinstall) is left; `now` is the device's time at the first launch.
  mutating func reinstall(with queue: any SyncQueueing, now: Date)
  /// The device's network went up or down between passes; true when the device starts a pass at once.
  ///
  /// The device's network went up (`online`) or down at `now`, between passes: true when the
  /// device starts a pass at once, as an app that polls on reconnect does (the run then makes
  /// one); false when it waits for its next sync.
  ///
  /// By default false: CountMeCore's learns of the network inside a pass.
  mutating func networkChanged(online: Bool, now: Date) -> Bool
}

extension DeviceSyncUnderTest {
  /// `downloaded(_:now:)`, `removed` unread: a device that deletes only by tombstones has nothing to remove.
  public mutating func downloaded(
    _ result: Result<[CloudChange], SyncError>, removed: [DocumentPath], now: Date
  ) {
    downloaded(result, now: now)
  }

  /// False: the device learns of the network inside its next pass.
  public mutating func networkChanged(online: Bool, now: Date) -> Bool { false }
}

extension CollectionSync: DeviceSyncUnderTest {
  /// `CollectionSync.callTimeLimit`, seed 002's 30 seconds, which the harness applies as a driver would.
  public var callTimeout: TimeInterval? { Self.callTimeLimit }

  /// A `CollectionSync` made again from the same user, store and cursor, with `queue`; CountMeCore
  /// stamps nothing at a launch, so `now` goes unread.
  public mutating func restart(with queue: any SyncQueueing, now: Date) {
    self = CollectionSync(uid: uid, queue: queue, store: store, cursor: cursor)
  }

  /// A new `CollectionSync` of the same user with `queue`: CountMeCore keeps nothing outside the
  /// app's container, so `now` goes unread.
  public mutating func reinstall(with queue: any SyncQueueing, now: Date) {
    self = CollectionSync(uid: uid, queue: queue)
  }

  /// `downloaded(_:)`: CountMeCore's merges keep the versions' own stamps, so `now` goes unread.
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    downloaded(result)
  }

  /// False: CountMeCore's device learns of the network inside its next pass.
  public mutating func networkChanged(online: Bool, now: Date) -> Bool { false }
}

/// A device's sync of one collection through the cloud, and the move of a guest's data to a new account.
///
/// Judged by F12 to F18, F20, F22, F23, F29 and F30 (F14 and F20 through the cloud), with the queue layer.
public protocol DeviceSyncLayer: SystemUnderTest {
  /// A new device of user `uid` that syncs its entities of `type` through the cloud with `queue`.
  ///
  /// `type` is one of food items, exercise items, custom meals, the goal or daily logs.
  func makeSync<Entity: CloudSyncedEntity>(of type: Entity.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>
  /// A device whose guest entities move to the new account `uid` through the cloud.
  ///
  /// A device whose guest entities (`guest`, made before any account) move to the new account
  /// `uid` through the cloud with `queue`, at the device's time `now` (a migration that re-stamps
  /// what it moves reads it).
  func migrate<Entity: CloudSyncedEntity>(
    _ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Entity>
}
