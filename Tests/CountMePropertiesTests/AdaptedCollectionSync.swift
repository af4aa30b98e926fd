import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `CollectionSync` as an app might adapt it: asking for a pass whenever its network
/// comes back (`pollsOnReconnect`), numbering its uploads `idOffset` above its queue's ids (as a
/// migration that uploads outside the queue, or an app whose calls another table tracks, would),
/// mapping each answer back to its queue's operation, or deleting documents outright
/// (`deletesOutright`).
///
/// A device that deletes outright sends Firestore's `delete()` where CountMeCore uploads a
/// tombstone, keeps its own deletions locally (seed 002's "track deletion timestamp to handle
/// late-arriving updates"), and takes each document its download reports removed as deleted on
/// another device (deletion wins).
struct AdaptedCollectionSync: DeviceSyncLayer {
  var pollsOnReconnect = false
  var idOffset: UInt64 = 0
  var deletesOutright = false
  var borrowedLayers: [Layer] { [.queue, .conflicts, .retention] }
  func makeSync<Entity: CloudSyncedEntity>(of type: Entity.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>
  { Adapted(base: CollectionSync<Entity>(uid: uid, queue: queue), layer: self) }
  func migrate<Entity: CloudSyncedEntity>(
    _ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Entity> {
    Adapted(base: CollectionSync(uid: uid, queue: queue, migrating: guest), layer: self)
  }
}

struct Adapted<Entity: CloudSyncedEntity>: DeviceSyncUnderTest {
  var base: CollectionSync<Entity>
  let layer: AdaptedCollectionSync
  var store: EntityStore<Entity> { base.store }
  var queue: any SyncQueueing { base.queue }
  var skipped: [SkippedDocument] { base.skipped }
  var callTimeout: TimeInterval? { base.callTimeout }
  mutating func edit(_ entity: Entity, now: Date) -> Bool { base.edit(entity, now: now) }
  mutating func delete(_ id: UUID, now: Date) -> Bool { base.delete(id, now: now) }
  mutating func startSync() { base.startSync() }
  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    switch base.next(now: now, online: online) {
    case .upload(let id, let path, let document)
    where layer.deletesOutright && Tombstone.isTombstone(document.fields):
      return .delete(OperationID(id.rawValue + layer.idOffset), path: path)
    case .upload(let id, let path, let document):
      return .upload(OperationID(id.rawValue + layer.idOffset), path: path, document: document)
    case .delete(let id, let path): return .delete(OperationID(id.rawValue + layer.idOffset), path: path)
    case let other: return other
    }
  }
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    base.downloaded(result, now: now)
  }
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, removed: [DocumentPath], now: Date) {
    base.downloaded(result, now: now)
    guard layer.deletesOutright else { return }
    for path in removed {
      // Held deleted; a change of it still queued sends the deletion when it goes.
      if let id = Entity.entityId(ofDocument: path.documentId), base.store.live[id] != nil {
        base.store.delete(id, now: now)
      }
    }
  }
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    base.uploaded(OperationID(id.rawValue - layer.idOffset), result: result, now: now)
  }
  mutating func restart(with queue: any SyncQueueing, now: Date) { base.restart(with: queue, now: now) }
  mutating func reinstall(with queue: any SyncQueueing, now: Date) { base.reinstall(with: queue, now: now) }
  mutating func networkChanged(online: Bool, now: Date) -> Bool { layer.pollsOnReconnect && online }
}
