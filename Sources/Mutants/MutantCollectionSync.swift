import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `CollectionSync`, restated with a switch for one bug.
///
/// NB: a copy on purpose, as `MutantQueue` is: the reference stays free of mutation hooks.
struct MutantCollectionSync<Entity: CloudSyncedEntity>: DeviceSyncUnderTest {
  private enum Phase: Sendable { case idle, downloading, uploading }

  let bug: DeviceSyncMutant.Bug
  let uid: String
  private(set) var store = EntityStore<Entity>()
  private(set) var queue: any SyncQueueing
  private(set) var cursor = 0
  private(set) var skipped: [SkippedDocument] = []
  private var phase = Phase.idle
  private var downloadAfterUploads = false
  /// What the last pass found the network to be.
  private var lastOnline = true
  /// Set on reconnect by `reconnectUploadsOnly`: the pass it asks for skips the download.
  private var uploadOnlyNext = false
  private var sending: (operation: OperationID, entity: UUID, version: Date?)?
  /// The operations a migration queued.
  private var migrating: Set<OperationID> = []

  init(bug: DeviceSyncMutant.Bug, uid: String, queue: any SyncQueueing) {
    self.bug = bug
    self.uid = uid
    self.queue = queue
  }

  init(
    bug: DeviceSyncMutant.Bug, uid: String, queue: any SyncQueueing, migrating guest: EntityStore<Entity>
  ) {
    self.init(bug: bug, uid: uid, queue: queue)
    var live: [UUID: Entity] = [:]
    for var entity in guest.entities {
      if bug != .migrationKeepsGuestOwner { entity.userId = uid }
      entity.syncStatus = bug == .migrationMarksSyncedEarly ? .synced : .pendingUpload
      live[entity.id] = entity
    }
    store = EntityStore(live: live, deleted: guest.deleted)
    let order = live.values.sorted {
      ($0.lastModified, $0.id.uuidString) < ($1.lastModified, $1.id.uuidString)
    }
    for entity in order where bug != .migrationQueuesNothing {
      migrating.insert(self.queue.enqueue(operation(.create, entity.id, entity.lastModified)))
    }
  }

  mutating func edit(_ entity: Entity, now: Date) -> Bool {
    if bug == .refusesChangesOffline, !lastOnline { return false }
    if bug == .staysPausedAfterOffline { lastOnline = true }  // a local change wakes the sync
    let kind: SyncOperation.Kind =
      store.live[entity.id] == nil || bug == .editsQueuedAsCreates ? .create : .update
    var edited = entity
    edited.syncStatus = .pendingUpload
    let previous = store.live[entity.id]?.lastModified
    guard store.edit(edited, now: now) else { return false }
    if bug == .stampsToTheNanosecond, var stamped = store.live[entity.id] {
      stamped.lastModified = previous.map { max(now, $0.addingTimeInterval(0.001)) } ?? now
      var live = store.live
      live[entity.id] = stamped
      store = EntityStore(live: live, deleted: store.deleted)
    }
    if bug == .stampsIgnoreResolution, var stamped = store.live[entity.id] {
      stamped.lastModified = Reconcile.editStamp(now: now, replacing: previous)
      var live = store.live
      live[entity.id] = stamped
      store = EntityStore(live: live, deleted: store.deleted)
    }
    let stamp = bug == .changesStampedAtNow ? now : store.live[entity.id]?.lastModified ?? now
    if bug == .offlineEditsNotQueued, !lastOnline { return true }
    _ = queue.enqueue(operation(kind, entity.id, stamp))
    return true
  }

  mutating func delete(_ id: UUID, now: Date) -> Bool {
    if bug == .refusesChangesOffline, !lastOnline { return false }
    if bug == .staysPausedAfterOffline { lastOnline = true }  // a local change wakes the sync
    guard let version = store.live[id] else { return false }
    store.delete(id, now: now)
    let stamp =
      bug == .changesStampedAtNow ? now : Entity.editStamp(now: now, replacing: version.lastModified)
    if bug != .deletionNotQueued { _ = queue.enqueue(operation(.delete, id, stamp)) }
    return true
  }

  mutating func restart(with queue: any SyncQueueing, now: Date) {
    var restarted = MutantCollectionSync(bug: bug, uid: uid, queue: queue)
    (restarted.store, restarted.cursor) = (store, bug == .cursorLostOnRestart ? 0 : cursor)
    self = restarted
  }

  mutating func networkChanged(online: Bool, now: Date) -> Bool {
    guard bug == .reconnectUploadsOnly, online else { return false }
    uploadOnlyNext = true
    return true
  }

  mutating func startSync() {
    phase = bug == .uploadsBeforeDownload || uploadOnlyNext ? .uploading : .downloading
    downloadAfterUploads = bug == .uploadsBeforeDownload
    uploadOnlyNext = false
  }

  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    if bug == .staysPausedAfterOffline, !(lastOnline && online) {
      lastOnline = false
      phase = .idle
      return .done
    }
    lastOnline = online
    switch phase {
    case .idle: return .done
    case .downloading:
      guard online else {
        phase = .idle
        return .done
      }
      switch bug {
      case .missesFirstChange: return .download(owner: uid, after: max(cursor, 1))
      case .redownloadsEverything: return .download(owner: uid, after: 0)
      default: return .download(owner: uid, after: cursor)
      }
    case .uploading:
      while true {
        switch queue.next(now: now, online: online, user: uid) {
        case .paused, .idle:
          if downloadAfterUploads, online {
            downloadAfterUploads = false
            phase = .downloading
            return .download(owner: uid, after: cursor)
          }
          phase = .idle
          return .done
        case .wait(let until):
          guard bug == .retriesOnlyByChance else { return .wait(until: until) }
          phase = .idle
          return .done
        case .upload(let id, let operation):
          if bug == .updatesNotUploaded, operation.kind == .update {
            queue.complete(id, with: .success(()), now: now)
            continue
          }
          guard let document = document(for: operation), let entity = entityId(ofDocument: operation.entityId)
          else {
            queue.complete(id, with: .success(()), now: now)
            continue
          }
          sending = (id, entity, store.live[entity]?.lastModified)
          if bug == .hardDeletes, operation.kind == .delete {
            return .delete(id, path: DocumentPath(uid: operation.owner ?? uid, key: operation.key))
          }
          return .upload(
            id, path: DocumentPath(uid: operation.owner ?? uid, key: operation.key), document: document)
        }
      }
    }
  }

  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    guard case .success(let changes) = result else {
      phase = .idle
      return
    }
    let ordered = changes.sorted { $0.revision < $1.revision }
    if bug == .unreadableStopsDownload { cursor = max(cursor, ordered.last?.revision ?? 0) }
    for change in ordered {
      cursor = max(cursor, change.revision)
      do {
        try take(change)
      } catch {
        if bug == .unreadableStopsDownload { break }
        if bug == .unreadableDeletesLocal, let id = entityId(ofDocument: change.path.documentId) {
          store.delete(id, now: Date(timeIntervalSince1970: 0))
        }
        skipped.append(SkippedDocument(path: change.path, revision: change.revision, reason: "\(error)"))
        if bug != .neverRepairs, let id = entityId(ofDocument: change.path.documentId) {
          if let entity = store.live[id] {
            store.mark(id, .pendingUpload, ifModifiedAt: entity.lastModified)
            requeue(.update, id, entity.lastModified)
          } else if let deletedAt = store.deleted[id] {
            requeue(.delete, id, deletedAt)
          }
        }
      }
    }
    phase = .uploading
  }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    queue.complete(id, with: result, now: now)
    if let sent = sending, sent.operation == id {
      sending = nil
      switch result {
      case .success:
        if bug != .uploadsNeverMarkedSynced, let version = sent.version {
          store.mark(sent.entity, .synced, ifModifiedAt: version)
        }
      case .failure:
        if bug == .migrationClearsLocalOnFailure, migrating.contains(id) {
          var live = store.live
          live[sent.entity] = nil
          store = EntityStore(live: live, deleted: store.deleted)
        }
      }
    }
    if bug == .retriesWithoutBackoff, case .failure = result,
      let waiting = queue.pending.first(where: { $0.id == id })
    {
      _ = queue.enqueue(waiting.operation)
    }
  }

  private mutating func take(_ change: CloudChange) throws {
    let fields = change.document.fields
    let id: UUID
    var incoming = EntityStore<Entity>()
    if Tombstone.isTombstone(fields) {
      let tombstone = try Tombstone.fromFirestoreData(fields)
      id = tombstone.id
      incoming = EntityStore(deleted: [id: tombstone.deletedAt])
    } else {
      let entity = try Entity.fromFirestoreData(fields)
      id = entity.id
      incoming = EntityStore(live: [id: entity])
    }
    guard entityId(ofDocument: change.path.documentId) == id else {
      throw SyncError.invalidData(
        reason: "its id \(documentId(of: id)) is not its path's \(change.path.documentId)")
    }
    if bug == .downloadOverwritesLocal, let theirs = incoming.live[id], store.deleted[id] == nil {
      var live = store.live
      live[id] = theirs
      store = EntityStore(live: live, deleted: store.deleted)
      return
    }
    if bug == .tieKeepsLocal, let mine = store.live[id], let theirs = incoming.live[id],
      mine.lastModified == theirs.lastModified
    {
      if !mine.hasSameContent(as: theirs) { requeue(.update, id, mine.lastModified) }
      return
    }
    store.merge(incoming)
    if let kept = store.live[id], let theirs = incoming.live[id] {
      if kept.hasSameContent(as: theirs) {
        store.mark(id, .synced, ifModifiedAt: kept.lastModified)
      } else if bug != .keepsWinnerLocal {
        if bug != .winnerStaysSynced { store.mark(id, .pendingUpload, ifModifiedAt: kept.lastModified) }
        requeue(.update, id, kept.lastModified)
      }
    } else if bug != .keepsWinnerLocal, let deletedAt = store.deleted[id], incoming.deleted[id] == nil {
      requeue(.delete, id, deletedAt)
    }
  }

  private mutating func requeue(_ kind: SyncOperation.Kind, _ id: UUID, _ timestamp: Date) {
    let key = EntityKey(entityId: documentId(of: id), entityType: Entity.entityType)
    guard bug == .winnerCutsBackoff || !queue.pending.contains(where: { $0.operation.key == key }) else {
      return
    }
    _ = queue.enqueue(operation(kind, id, timestamp))
  }

  private func document(for operation: SyncOperation) -> CloudDocument? {
    guard let id = entityId(ofDocument: operation.entityId) else { return nil }
    if let entity = store.live[id] { return CloudDocument(entity.toFirestoreData()) }
    if let deletedAt = store.deleted[id] {
      return CloudDocument(
        Tombstone(id: id, deletedAt: deletedAt).toFirestoreData(userId: operation.owner ?? uid))
    }
    return nil
  }

  private func documentId(of id: UUID) -> String {
    bug == .documentsNamedByID ? id.uuidString : Entity.documentId(of: id)
  }

  private func entityId(ofDocument documentId: String) -> UUID? {
    if bug == .anyProfileDocumentIsTheGoal, Entity.entityType == .userGoal { return UserGoal.singletonID }
    return bug == .documentsNamedByID ? UUID(uuidString: documentId) : Entity.entityId(ofDocument: documentId)
  }

  private func operation(_ kind: SyncOperation.Kind, _ id: UUID, _ now: Date) -> SyncOperation {
    SyncOperation(
      kind, entityId: documentId(of: id),
      entityType: bug == .queuedAsFoodItems ? .foodItem : Entity.entityType,
      timestamp: now, owner: uid)
  }
}
