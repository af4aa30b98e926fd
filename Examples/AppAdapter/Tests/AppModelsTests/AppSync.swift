import AppModels
import CountMeHarness
import Foundation

/// The adapter of the app's device sync: CountMe's `CollectionSync`, which the app adopted, with
/// every device's data kept in the app's own `LocalStore`. The harness reads each device's store
/// back from there, so the properties judge the app's persistence along with the sync.
struct AppSync: DeviceSyncLayer {
  /// How the app's store writes dates.
  var dates: LocalStore.Dates = .exact

  /// The app queues its uploads in CountMe's `SyncQueue`: it borrows the queue layer, by name, and
  /// every report of a device property says "with the reference queue".
  var borrowedLayers: [Layer] { [.queue] }

  func makeSync<Entity: CloudSyncedEntity>(of type: Entity.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>
  {
    AppDeviceSync(CollectionSync<Entity>(uid: uid, queue: queue), disk: LocalStore(dates: dates))
  }

  func migrate<Entity: CloudSyncedEntity>(
    _ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Entity> {
    AppDeviceSync(CollectionSync(uid: uid, queue: queue, migrating: guest), disk: LocalStore(dates: dates))
  }
}

/// One device of the app: the sync runs in memory and, after every change, its store is written to
/// the device's `LocalStore`; what the device holds, and what a restart starts from, is read back.
struct AppDeviceSync<Entity: CloudSyncedEntity>: DeviceSyncUnderTest {
  private var sync: CollectionSync<Entity>
  private var disk: LocalStore

  init(_ sync: CollectionSync<Entity>, disk: LocalStore) {
    self.sync = sync
    self.disk = disk
    save()
  }

  /// The device's store as the app's `LocalStore` holds it.
  var store: EntityStore<Entity> {
    var live: [UUID: Entity] = [:]
    for key in disk.rows.keys {
      if let id = UUID(uuidString: key), let entity = read(key) { live[id] = entity }
    }
    let deleted = disk.removed.reduce(into: [UUID: Date]()) { deleted, row in
      if let id = UUID(uuidString: row.key) { deleted[id] = row.value }
    }
    return EntityStore(live: live, deleted: deleted)
  }
  var queue: any SyncQueueing { sync.queue }
  var skipped: [SkippedDocument] { sync.skipped }
  /// The app's network layer gives up on a call after 30 seconds, as seed 002's design says.
  var callTimeout: TimeInterval? { 30 }

  mutating func edit(_ entity: Entity, now: Date) -> Bool { saving { $0.edit(entity, now: now) } }
  mutating func delete(_ id: UUID, now: Date) -> Bool { saving { $0.delete(id, now: now) } }
  mutating func startSync() { saving { $0.startSync() } }
  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    saving { $0.next(now: now, online: online) }
  }
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    saving { $0.downloaded(result) }
  }
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    saving { $0.uploaded(id, result: result, now: now) }
  }

  /// The device made again from what it keeps: the store its `LocalStore` holds, its cursor, `queue`.
  mutating func restart(with queue: any SyncQueueing, now: Date) {
    sync = CollectionSync(uid: sync.uid, queue: queue, store: store, cursor: sync.cursor)
  }

  /// The app deleted and installed again: a new `LocalStore` (its rows went with the app), a new
  /// sync with `queue`; the app keeps nothing in the Keychain.
  mutating func reinstall(with queue: any SyncQueueing, now: Date) {
    disk = LocalStore(dates: disk.dates)
    sync = CollectionSync(uid: sync.uid, queue: queue)
    save()
  }

  /// `change` applied to the sync, then its store written to the device's `LocalStore`.
  private mutating func saving<Result>(_ change: (inout CollectionSync<Entity>) -> Result) -> Result {
    let result = change(&sync)
    save()
    return result
  }

  /// Writes the sync's store as the app writes rows: each live entity under its id, each deletion
  /// removed. A row the app cannot write is left out, and the properties see it missing.
  private mutating func save() {
    var written = LocalStore(dates: disk.dates)
    for entity in sync.store.entities { try? written.write(entity, at: entity.id.uuidString) }
    for (id, time) in sync.store.deleted { written.remove(id.uuidString, at: time) }
    disk = written
  }

  /// The entity in row `key`; nil when it cannot be read as one.
  private func read(_ key: String) -> Entity? { try? disk.read(Entity.self, at: key) }
}
