import Foundation

/// What a device's sync of one collection asks its driver to do next.
public enum CollectionSyncAction: Sendable {
  /// Read every document of user `owner`'s collection that the cloud changed after revision
  /// `after`, and report them (or the failure) with `downloaded`.
  ///
  /// The owner is the device's signed-in user: a read of another user's collection is refused by the rules
  /// (F25).
  case download(owner: String, after: Int)
  /// Write `document` at `path` and report the result with `uploaded`.
  case upload(OperationID, path: DocumentPath, document: CloudDocument)
  /// Delete the document at `path` (Firestore's `delete()`: it disappears, and no later download
  /// tells of it) and report the result with `uploaded`.
  ///
  /// CountMeCore never asks for it: it writes a tombstone instead, which every device downloads
  /// (`docs/rules.md`); an app's sync layer that deletes documents says so with it, and the properties show
  /// what follows.
  case delete(OperationID, path: DocumentPath)
  /// Nothing is due before `until` (a retry's backoff); the pass may wait or end here.
  case wait(until: Date)
  /// The pass is over: everything is sent, or the network is down, or the download failed.
  case done
}

/// One device's sync of one collection with the cloud, as a sans-IO state machine.
///
/// One device's sync of one collection with the cloud (seed 002's sync engine), sans-IO: the local
/// store, the upload queue and the download cursor; the driver performs the cloud calls it asks
/// for and feeds back their results, on whatever clock it keeps.
///
/// A **pass** (`startSync`, then `next` until `.done`):
/// 1. **Download** every document changed since the last download (by the cloud's revision, not a
///    device's clock, so a device whose clock is behind still sees every write) and take each in
///    with `Entity.reconcile`, or as a deletion for a tombstone. When the local version wins, it is
///    queued for upload, so the cloud gets the winner too (unless an upload of it already waits,
///    which keeps its backoff: only a new local change sends an item at once). A document that
///    cannot be read is skipped and reported in `skipped`; it never touches local data and never
///    stops the pass, and when this device holds a version of its entity, that version is queued
///    to write over it (`repair`).
/// 2. **Upload** the queue: each operation writes the entity's *current* local version, or a
///    tombstone once it is deleted, so an upload after a download carries the reconciled version.
///    Failures are retried by the queue with backoff (per operation: a successful download does
///    not cut it short); an edit stays queued until its write lands.
///
/// **Sync status**: an edit is `pendingUpload`; a version is marked `synced` once the cloud
/// acknowledged its upload, or a download brought the same content, and never before.
///
/// **Migration** (`init(uid:queue:migrating:)`): a guest's data, made before any account, moves to
/// the new account as an ordinary queue of uploads.
///
/// The download comes first on purpose: a device that uploaded first would overwrite a newer
/// version another device wrote while it was away. If the download fails, the pass uploads
/// nothing and ends; the next pass starts with the download again.
///
/// NB: between a pass's download and its uploads another device's write could land in a real
/// cloud; an app closes that window with a Firestore transaction (read, reconcile, write) per
/// upload. The simulations run one device's pass at a time.
public struct CollectionSync<Entity: CloudSyncedEntity>: Sendable {
  private enum Phase: Sendable { case idle, downloading, uploading }

  /// How long the IO layer driving a sync waits for a cloud call's answer: seed 002's 30 seconds.
  ///
  /// How long the IO layer driving a sync waits for a cloud call's answer before it reports the
  /// call as `deadlineExceeded` (seed 002's design: sync operations time out after 30 seconds),
  /// which the queue retries as any transient fault. This machine does no IO; its driver applies it.
  public static var callTimeLimit: TimeInterval { 30 }

  /// The signed-in user whose data this is.
  public let uid: String
  /// The device's local store.
  public package(set) var store: EntityStore<Entity>
  /// The uploads not yet acknowledged.
  public package(set) var queue: any SyncQueueing
  /// The highest cloud revision downloaded.
  public package(set) var cursor: Int
  /// Every document skipped because it could not be read, in the order met.
  public package(set) var skipped: [SkippedDocument] = []
  private var phase = Phase.idle
  /// The upload in flight: its operation, entity, and the version it carries (nil for a tombstone).
  private var sending: (operation: OperationID, entity: UUID, version: Date?)?

  /// A device of user `uid` with `store` (empty on a new device), `queue`, and the highest cloud
  /// revision it downloaded (`cursor`, 0 for none).
  ///
  /// A restart makes the device again from what it keeps on disk: its store, its cursor and the queue it
  /// persisted; what it held in memory (a pass under way, the upload in flight, the skipped documents
  /// reported) is gone.
  public init(
    uid: String, queue: any SyncQueueing, store: EntityStore<Entity> = EntityStore(), cursor: Int = 0
  ) {
    self.uid = uid
    self.queue = queue
    self.store = store
    self.cursor = cursor
  }

  /// A device whose guest data moves to account `uid` as an ordinary queue of uploads.
  ///
  /// A device whose guest data (`guest`, made before any account) moves to account `uid` (seed
  /// 002's migration, properties 22 and 23): every live entity becomes `uid`'s, `pendingUpload`,
  /// with its `lastModified` unchanged (a change of owner is not an edit), and is queued for upload
  /// in order of time, then id; deletions stay local (the cloud never had those entities).
  ///
  /// The passes do the rest: each entity is marked `synced` only once its upload lands, a failed upload is
  /// retried with the queue's backoff, and nothing local is dropped meanwhile.
  public init(uid: String, queue: any SyncQueueing, migrating guest: EntityStore<Entity>) {
    self.init(uid: uid, queue: queue)
    adopt(guest)
  }

  /// A guest's data (`guest`) joins this user's, queued for upload as a migration's is.
  ///
  /// A guest's data joins this user's, as `init(uid:queue:migrating:)` moves it to a new account:
  /// every live entity becomes this user's, `pendingUpload`, its `lastModified` unchanged, queued for
  /// upload in order of time, then id; deletions stay local. A guest's entities have ids of their
  /// own, so none meets one of this user's.
  public mutating func adopt(_ guest: EntityStore<Entity>) {
    var live: [UUID: Entity] = [:]
    for var entity in guest.entities {
      entity.userId = uid
      entity.syncStatus = .pendingUpload
      live[entity.id] = entity
    }
    store.merge(EntityStore(live: live, deleted: guest.deleted))
    let order = live.values.sorted {
      ($0.lastModified, $0.id.idText) < ($1.lastModified, $1.id.idText)
    }
    for entity in order { _ = queue.enqueue(operation(.create, entity.id, entity.lastModified)) }
  }

  /// A local create or update at `now`, queued for upload; false for a deleted entity.
  ///
  /// The operation carries the edit's stamp (`Entity.editStamp`), as a deletion does: see
  /// `delete(_:now:)`.
  @discardableResult
  public mutating func edit(_ entity: Entity, now: Date) -> Bool {
    let kind: SyncOperation.Kind = store.live[entity.id] == nil ? .create : .update
    var edited = entity
    edited.syncStatus = .pendingUpload
    guard store.edit(edited, now: now) else { return false }
    _ = queue.enqueue(operation(kind, entity.id, store.live[entity.id]?.lastModified ?? now))
    return true
  }

  /// A local deletion at `now`, queued for upload; false when the entity is not live here.
  ///
  /// The operation is stamped after the version it deletes (`Entity.editStamp`), not at `now`.
  /// The queue keeps the newer of two operations of one entity by timestamp, and a repair queues an
  /// entity at its version's `lastModified`, which another device's clock may have set ahead of
  /// this one's. Stamped at `now`, a deletion made after seeing that version lost to the repair's
  /// update, and the queue held an update of a deleted entity (F17 found it: edit on two devices,
  /// the later clock wins, the cloud copy is broken, the repair's upload fails, then delete).
  @discardableResult
  public mutating func delete(_ id: UUID, now: Date) -> Bool {
    guard let version = store.live[id] else { return false }
    store.delete(id, now: now)
    let stamp = Entity.editStamp(now: now, replacing: version.lastModified)
    _ = queue.enqueue(operation(.delete, id, stamp))
    return true
  }

  /// Starts a pass: a download, then the uploads.
  public mutating func startSync() { phase = .downloading }

  /// What to do at `now` with the network `online` or not.
  public mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    switch phase {
    case .idle: return .done
    case .downloading:
      guard online else {
        phase = .idle
        return .done
      }
      return .download(owner: uid, after: cursor)
    case .uploading:
      while true {
        switch queue.next(now: now, online: online, user: uid) {
        case .paused, .idle:
          phase = .idle
          return .done
        case .wait(let until): return .wait(until: until)
        case .upload(let id, let operation):
          guard let document = document(for: operation),
            let entity = Entity.entityId(ofDocument: operation.entityId)
          else {
            queue.complete(id, with: .success(()), now: now)  // nothing of it here to send
            continue
          }
          sending = (id, entity, store.live[entity]?.lastModified)
          return .upload(
            id, path: DocumentPath(uid: operation.owner ?? uid, key: operation.key), document: document)
        }
      }
    }
  }

  /// Reports the download: the changed documents, or why the call failed (the pass then ends).
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    downloaded(result, reading: Entity.fromFirestoreData)
  }

  /// `downloaded(_:)`, reading each entity's document with `read`.
  ///
  /// `downloaded(_:)`, reading each entity's document with `read` (a tombstone is read as one): how
  /// `DailyLogSync` gives a log the food items its document names by id.
  public mutating func downloaded(
    _ result: Result<[CloudChange], SyncError>, reading read: ([String: Any]) throws -> Entity
  ) {
    guard case .success(let changes) = result else {
      phase = .idle
      return
    }
    for change in changes.sorted(by: { $0.revision < $1.revision }) {
      cursor = max(cursor, change.revision)
      do {
        try take(change, read)
      } catch {
        skipped.append(
          SkippedDocument(path: change.path, revision: change.revision, reason: Self.reason(error)))
        repair(change.path)
      }
    }
    phase = .uploading
  }

  /// The user's "retry": every upload that failed for good goes back in the queue with a fresh
  /// retry budget. Returns how many did.
  @discardableResult
  public mutating func retryFailed() -> Int {
    queue.failed.map(\.id).filter { queue.retryFailed($0) }.count
  }

  /// Reports how upload `id` ended at `now`.
  public mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    queue.complete(id, with: result, now: now)
    if let sent = sending, sent.operation == id {
      sending = nil
      if case .success = result, let version = sent.version {
        store.mark(sent.entity, .synced, ifModifiedAt: version)
      }
    }
  }

  private mutating func take(_ change: CloudChange, _ read: ([String: Any]) throws -> Entity) throws {
    let fields = change.document.fields
    let id: UUID
    let incoming: EntityStore<Entity>
    if Tombstone.isTombstone(fields) {
      let tombstone = try Tombstone.fromFirestoreData(fields, ownerField: Entity.ownerField)
      id = tombstone.id
      incoming = EntityStore(deleted: [id: tombstone.deletedAt])
    } else {
      let entity = try read(fields)
      id = entity.id
      incoming = EntityStore(live: [id: entity])
    }
    guard Entity.entityId(ofDocument: change.path.documentId) == id else {
      throw SyncError.invalidData(
        reason: "its id \(Entity.documentId(of: id)) is not its path's \(change.path.documentId)")
    }
    store.merge(incoming)
    if let kept = store.live[id], let theirs = incoming.live[id] {
      if kept.hasSameContent(as: theirs) {
        store.mark(id, .synced, ifModifiedAt: kept.lastModified)  // the cloud holds this version
      } else {
        // Seed 002: "update both local and cloud with the winning version". When this device's
        // version beats the cloud's, the cloud must get it, even if this device's own upload of it
        // already landed: another client may have overwritten it since. The version is
        // `pendingUpload` again until that write lands: the cloud no longer holds it, and a waiting
        // retry may keep it from going in this pass (F23 found a version left marked synced after
        // another device's repair wrote an older one over it while its lost-ack retry waited).
        store.mark(id, .pendingUpload, ifModifiedAt: kept.lastModified)
        requeue(.update, id, kept.lastModified)
      }
    } else if let deletedAt = store.deleted[id], incoming.deleted[id] == nil {
      requeue(.delete, id, deletedAt)
    }
  }

  /// Queues this device's version of an entity whose document at `path` could not be read, to write over it.
  ///
  /// Queues this device's version (or tombstone) of the entity whose document at `path` could not
  /// be read, to write over it: the repair rule, ours (seed 002 only skips such a document).
  ///
  /// A live version becomes `pendingUpload` until the write lands. An entity this device holds no version of
  /// is left alone: the document stays until some device that holds one repairs it.
  ///
  /// Without it, a broken document hides the entity's last readable state for good: F21 found that
  /// when another client breaks the tombstone of food removed from a log, a device that still holds
  /// the food never learns of the removal, and two devices re-upload the log forever, one with the
  /// food and one without (minimal case: add, sync both, remove on one and sync, break the item).
  /// NB: the broken document may be another client's newer version, in a form this one cannot read;
  /// repairing writes over it. A form no reader can check is not data the user can get back anyway.
  private mutating func repair(_ path: DocumentPath) {
    guard let id = Entity.entityId(ofDocument: path.documentId) else { return }
    if let entity = store.live[id] {
      store.mark(id, .pendingUpload, ifModifiedAt: entity.lastModified)
      requeue(.update, id, entity.lastModified)
    } else if let deletedAt = store.deleted[id] {
      requeue(.delete, id, deletedAt)
    }
  }

  /// Queues the upload of a local winner, unless an upload of it is already waiting.
  ///
  /// That one sends the current version when it goes, and a new operation would cut its backoff short (F29
  /// found this: a download that beat the cloud's version re-sent at once an upload waiting out its retry).
  package mutating func requeue(_ kind: SyncOperation.Kind, _ id: UUID, _ timestamp: Date) {
    let key = EntityKey(entityId: Entity.documentId(of: id), entityType: Entity.entityType)
    guard !queue.pending.contains(where: { $0.operation.key == key }) else { return }
    _ = queue.enqueue(operation(kind, id, timestamp))
  }

  private func document(for operation: SyncOperation) -> CloudDocument? {
    guard let id = Entity.entityId(ofDocument: operation.entityId) else { return nil }
    if let entity = store.live[id] { return CloudDocument(entity.toFirestoreData()) }
    if let deletedAt = store.deleted[id] {
      return CloudDocument(
        Tombstone(id: id, deletedAt: deletedAt).toFirestoreData(
          userId: operation.owner ?? uid, ownerField: Entity.ownerField))
    }
    return nil
  }

  private func operation(_ kind: SyncOperation.Kind, _ id: UUID, _ now: Date) -> SyncOperation {
    SyncOperation(
      kind, entityId: Entity.documentId(of: id), entityType: Entity.entityType, timestamp: now, owner: uid)
  }

  private static func reason(_ error: any Error) -> String {
    (error as? SyncError)?.errorDescription ?? "\(error)"
  }
}
