import CountMeContract
import CountMeCore
import Foundation

/// One bug in a device's sync through the cloud; everything else is the reference.
struct DeviceSyncMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A new device's first download starts after revision 1, so it misses the first write ever.
    case missesFirstChange
    /// Every download starts from the beginning, so each pass downloads the whole collection again.
    case redownloadsEverything
    /// A pass uploads its queue before it downloads, overwriting newer versions in the cloud.
    case uploadsBeforeDownload
    /// A download whose cloud version loses to the local one keeps the winner on the device only.
    case keepsWinnerLocal
    /// A local deletion is not queued for upload.
    case deletionNotQueued
    /// Every edit is queued as a create, an update of an item the device has included.
    case editsQueuedAsCreates
    /// A download overwrites the local version, newer or not.
    case downloadOverwritesLocal
    /// The first unreadable document ends the download, unreported, its batch marked as read.
    case unreadableStopsDownload
    /// An unreadable document deletes the local item at its path.
    case unreadableDeletesLocal
    /// A failed upload is queued again as a new operation, so it goes at once, with no backoff.
    case retriesWithoutBackoff
    /// Once a pass finds the network down, edits and deletions are refused until one finds it up.
    case refusesChangesOffline
    /// Once a pass finds the network down, passes do nothing until the next local change.
    case staysPausedAfterOffline
    /// An update is marked sent without being sent (creations and deletions still go).
    case updatesNotUploaded
    /// A local winner is queued as a new upload even when one waits out its backoff (the reference
    /// until F29 found it), so the retry goes at once.
    case winnerCutsBackoff
    /// A migration marks the guest's items synced before uploading them.
    case migrationMarksSyncedEarly
    /// A migration leaves the guest's items unowned, so the cloud's rules refuse every upload.
    case migrationKeepsGuestOwner
    /// A failed migration upload deletes the item locally, as if rolling the migration back.
    case migrationClearsLocalOnFailure
    /// Every operation is queued as a food item's, whatever the collection (a copy of the food-item
    /// sync made generic and one `.foodItem` left behind): other collections upload to `foodItems`.
    case queuedAsFoodItems
    /// Every document is named by its entity's id, as before the goal came: the one goal lands at
    /// `profile/<uuid>` instead of `profile/settings`, where no other client looks for it.
    case documentsNamedByID
    /// A restart forgets the download cursor, so the next pass downloads the whole collection again.
    case cursorLostOnRestart
    /// Every document of `profile` is read as the goal, not only `settings`: another client's
    /// document under another name replaces the user's goal.
    case anyProfileDocumentIsTheGoal
    /// An unreadable document is skipped and left as it is, even when the device holds a version of
    /// its entity to write over it (seed 002's rule, before our repair rule).
    case neverRepairs
    /// A local change's operation is stamped at the device's `now`, not after the version it
    /// replaces: a deletion after a waiting repair stamped by a faster clock loses to the repair's
    /// update (this repository's code before F17 found it).
    case changesStampedAtNow
    /// A download whose cloud version loses to the local one queues the winner but leaves it
    /// marked synced, though the cloud no longer holds it (this repository's code before F23 found
    /// it: another device's repair wrote an older version over it while its retry waited).
    case winnerStaysSynced
    /// A local edit keeps its stamp to the nanosecond (an app stamping `Date()`), which Firestore
    /// stores to the microsecond: the device's copy is never the cloud's (this repository's code
    /// before the scenario fidelity gate made the fake store timestamps as Firestore does).
    case stampsToTheNanosecond
    /// An upload that succeeds is never marked synced: the app shows every item as pending forever
    /// (an app of seed 002's design, found by F22 alone before F12 judged the marks).
    case uploadsNeverMarkedSynced
    /// A pass whose next upload waits for its backoff just ends, without saying when to come back:
    /// a failed upload is retried only when some later pass happens to come after its backoff (an
    /// app with no retry timer; nothing but F29's liveness check catches it).
    case retriesOnlyByChance
    /// A deletion deletes the cloud's document (Firestore's `delete()`) instead of writing a
    /// tombstone: a device that has not synced since never hears of it, and a later edit there brings
    /// the item back (seed 002's resurrection, shown by F20 through the cloud).
    case hardDeletes
    /// A migration re-stamps every guest row with the time of the sign-up (an app that writes its
    /// rows again under the new account): the guest's old edits then win over newer ones.
    case migrationRestampsAtNow
    /// The device polls on reconnect, as real apps do, but that pass only uploads its queue: it
    /// never downloads what changed while it was away until a later sync.
    case reconnectUploadsOnly
    /// A download keeps the local version on a tie of `lastModified` (seed 003's "last write wins"
    /// read as "the cloud wins only if strictly newer"): two phones that saved within one second
    /// each keep their own.
    case tieKeepsLocal
    /// An edit is stamped 1 ms after the version it replaces, whatever the entity's documents keep:
    /// a log stored to the second ties with the version it replaced when saved within its second.
    case stampsIgnoreResolution
    /// A save made while the last pass found the network down is kept locally and never queued.
    case offlineEditsNotQueued
    /// A migration adopts the local data and queues none of it: it reaches the cloud only if edited
    /// again (seed 003's iOS app before its fix, which saved locally only).
    case migrationQueuesNothing
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeSync<Entity: CloudSyncedEntity>(of type: Entity.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>
  {
    MutantCollectionSync<Entity>(bug: bug, uid: uid, queue: queue)
  }

  func migrate<Entity: CloudSyncedEntity>(
    _ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Entity> {
    var guest = guest
    if bug == .migrationRestampsAtNow {
      let restamped = guest.live.mapValues { entity in
        var stamped = entity
        stamped.lastModified = now
        return stamped
      }
      guest = EntityStore(live: restamped, deleted: guest.deleted)
    }
    return MutantCollectionSync(bug: bug, uid: uid, queue: queue, migrating: guest)
  }
}

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
