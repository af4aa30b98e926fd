import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `CollectionSync` with one bug in what it is handed, what it answers or what a call leaves.
///
/// CountMeCore's `CollectionSync` with one bug: handed a queue lens for a call
/// (`DeviceSyncQueueLens`), its action or a download rewritten, a download taken one document at a
/// time with one step undone, or its store, queue or cursor set as the bug leaves them after a call.
///
/// NB: the reference's state is reached through `CollectionSync`'s `package` members (its store,
/// queue, cursor, skipped documents and `requeue`), never restated.
struct MutantCollectionSync<Entity: CloudSyncedEntity>: DeviceSyncUnderTest {
  let bug: DeviceSyncMutant.Bug
  var sync: CollectionSync<Entity>
  /// What the last pass found the network to be.
  private var lastOnline = true
  /// Set on reconnect by `reconnectUploadsOnly`: the pass it asks for skips the download.
  private var uploadOnlyNext = false
  /// Whether this pass downloads after its uploads (`uploadsBeforeDownload`).
  private var downloadAfterUploads = false
  /// The operations a migration queued.
  private var migrating: Set<OperationID> = []

  init(bug: DeviceSyncMutant.Bug, uid: String, queue: any SyncQueueing) {
    self.bug = bug
    sync = CollectionSync(uid: uid, queue: queue)
  }

  init(
    bug: DeviceSyncMutant.Bug, uid: String, queue: any SyncQueueing, migrating guest: EntityStore<Entity>
  ) {
    self.init(bug: bug, uid: uid, queue: queue)
    if bug == .migrationLeavesLogs, Entity.entityType == .dailyLog { return }
    sync = CollectionSync(uid: uid, queue: Self.lens(queue, bug), migrating: guest)
    sync.queue = Self.unlensed(sync.queue)
    for id in sync.store.live.keys {
      if bug == .migrationMarksSyncedEarly { sync.store.live[id]?.syncStatus = .synced }
      if bug == .migrationKeepsGuestOwner { sync.store.live[id]?.userId = guest.live[id]?.userId ?? "" }
    }
    if bug == .migrationQueuesNothing { sync.queue = queue }
    migrating = Set(sync.queue.pending.map(\.id)).subtracting(queue.pending.map(\.id))
  }

  var store: EntityStore<Entity> { sync.store }
  var queue: any SyncQueueing { sync.queue }
  var skipped: [SkippedDocument] { sync.skipped }
  var callTimeout: TimeInterval? {
    switch bug {
    case .waitsForever: return nil
    case .timesOutAfterAMinute: return 60
    case .timesOutASecondEarly: return 29
    default: return sync.callTimeout
    }
  }

  mutating func edit(_ entity: Entity, now: Date) -> Bool {
    guard acceptsChanges() else { return false }
    let previous = sync.store.live[entity.id]?.lastModified
    let stamp: Date?
    switch bug {
    case .stampsToTheNanosecond: stamp = previous.map { max(now, $0.addingTimeInterval(0.001)) } ?? now
    case .stampsIgnoreResolution: stamp = Reconcile.editStamp(now: now, replacing: previous)
    case .changesStampedAtNow: stamp = now
    default: stamp = nil
    }
    let queue = sync.queue
    guard lensed(editing: true, stamp: stamp, { $0.edit(entity, now: now) }) else { return false }
    if let stamp, bug != .changesStampedAtNow { sync.store.live[entity.id]?.lastModified = stamp }
    if bug == .offlineEditsNotQueued, !lastOnline { sync.queue = queue }
    return true
  }

  mutating func delete(_ id: UUID, now: Date) -> Bool {
    guard acceptsChanges() else { return false }
    let queue = sync.queue
    guard lensed(stamp: bug == .changesStampedAtNow ? now : nil, { $0.delete(id, now: now) }) else {
      return false
    }
    if bug == .deletionNotQueued || (bug == .logDeletionNotQueued && Entity.entityType == .dailyLog) {
      sync.queue = queue
    }
    return true
  }

  mutating func restart(with queue: any SyncQueueing, now: Date) {
    sync.restart(with: queue, now: now)
    if bug == .cursorLostOnRestart { sync.cursor = 0 }
    (lastOnline, uploadOnlyNext, downloadAfterUploads, migrating) = (true, false, false, [])
  }

  mutating func reinstall(with queue: any SyncQueueing, now: Date) {
    let kept = sync.cursor
    sync.reinstall(with: queue, now: now)
    if bug == .cursorSurvivesReinstall { sync.cursor = kept }
    (lastOnline, uploadOnlyNext, downloadAfterUploads, migrating) = (true, false, false, [])
  }

  mutating func networkChanged(online: Bool, now: Date) -> Bool {
    guard bug == .reconnectUploadsOnly, online else { return false }
    uploadOnlyNext = true
    return true
  }

  mutating func startSync() {
    sync.startSync()
    // An empty download takes the pass straight to its uploads.
    if bug == .uploadsBeforeDownload || uploadOnlyNext { sync.downloaded(.success([])) }
    downloadAfterUploads = bug == .uploadsBeforeDownload
    uploadOnlyNext = false
  }

  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    if bug == .staysPausedAfterOffline, !(lastOnline && online) {
      lastOnline = false
      return .done
    }
    lastOnline = online
    var action = lensed { $0.next(now: now, online: online) }
    if case .done = action, downloadAfterUploads, online {
      downloadAfterUploads = false
      sync.startSync()
      action = sync.next(now: now, online: online)
    }
    switch (bug, action) {
    case (.missesFirstChange, .download(let owner, let after)):
      return .download(owner: owner, after: max(after, 1))
    case (.redownloadsEverything, .download(let owner, _)): return .download(owner: owner, after: 0)
    case (.retriesOnlyByChance, .wait): return .done
    case (.hardDeletes, .upload(let id, let path, let document)) where Tombstone.isTombstone(document.fields):
      return .delete(id, path: path)
    case (.documentsNamedByID, .upload(let id, let path, let document)):
      let named = Entity.entityId(ofDocument: path.documentId)?.uuidString ?? path.documentId
      return .upload(
        id, path: DocumentPath(uid: path.uid, collection: path.collection, documentId: named),
        document: document)
    default: return action
    }
  }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    let entity = sync.queue.inFlight.flatMap { flying in
      flying.id == id
        ? Entity.entityId(ofDocument: flying.operation.entityId)
          ?? UUID(uuidString: flying.operation.entityId)
        : nil
    }
    let status = entity.flatMap { sync.store.live[$0]?.syncStatus }
    sync.uploaded(id, result: result, now: now)
    switch result {
    case .success:
      if bug == .uploadsNeverMarkedSynced, let entity, let status {
        sync.store.live[entity]?.syncStatus = status
      }
    case .failure:
      if bug == .migrationClearsLocalOnFailure, migrating.contains(id), let entity {
        sync.store.live[entity] = nil
      }
      if bug == .retriesWithoutBackoff, let waiting = sync.queue.pending.first(where: { $0.id == id }) {
        _ = sync.queue.enqueue(waiting.operation)
      }
    }
  }

  /// Whether a local change is taken: not by `refusesChangesOffline` after a pass found the network
  /// down; a change wakes a `staysPausedAfterOffline` sync.
  private mutating func acceptsChanges() -> Bool {
    if bug == .refusesChangesOffline, !lastOnline { return false }
    if bug == .staysPausedAfterOffline { lastOnline = true }
    return true
  }

  /// `body` run on the sync, holding the bug's queue lens for the call when the bug needs one.
  mutating func lensed<T>(
    editing: Bool = false, stamp: Date? = nil, downloading: Bool = false,
    _ body: (inout CollectionSync<Entity>) -> T
  ) -> T {
    guard DeviceSyncQueueLens<Entity>.changes(bug) else { return body(&sync) }
    sync.queue = DeviceSyncQueueLens<Entity>(
      base: sync.queue, bug: bug, editing: editing, stamp: stamp, downloading: downloading)
    defer { sync.queue = Self.unlensed(sync.queue) }
    return body(&sync)
  }

  /// `queue` in the bug's lens, when the bug needs one.
  private static func lens(_ queue: any SyncQueueing, _ bug: DeviceSyncMutant.Bug) -> any SyncQueueing {
    DeviceSyncQueueLens<Entity>.changes(bug) ? DeviceSyncQueueLens<Entity>(base: queue, bug: bug) : queue
  }

  /// The queue a lens holds, or `queue` itself.
  private static func unlensed(_ queue: any SyncQueueing) -> any SyncQueueing {
    (queue as? DeviceSyncQueueLens<Entity>)?.base ?? queue
  }
}
