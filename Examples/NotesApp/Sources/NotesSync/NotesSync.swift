import CountMeCore
import Foundation
import Notes

/// The sync of the user's notes.
public typealias NotesSync = RecordSync<SyncedNote>

/// One device's sync of one of the app's collections with Firestore, as a sans-IO state machine.
///
/// The notes app's sync of a collection of records (notes, drafts, tag sets): a pass downloads
/// every document changed since the last and takes each in by the record's rule
/// (`Record.reconcile`: a later note wins, two tag sets merge; a deletion wins over any version);
/// then it uploads its queue, each operation writing the record's current version, or once it is
/// deleted its tombstone (`Record.tombstone`), or, for a record deleted outright, a deletion of its
/// document. A version it holds that beats the cloud's, or a deletion the cloud has not heard of,
/// is queued to go up. A document it cannot read is skipped, and its own version queued to write
/// over it. A document another device deleted outright is dropped when the download reports it
/// removed.
///
/// `planted` plants one of the example's bugs, for the harness to catch.
public struct RecordSync<Record: SyncedRecord>: Sendable {
  /// A bug the example plants, each a mistake an app's sync makes.
  public enum PlantedBug: Sendable {
    /// A download takes the cloud's note over the device's own, even a newer edit not yet uploaded.
    case cloudAlwaysWins
    /// A deletion downloaded is taken only when it is newer than the device's note.
    case deletionByTime
  }

  /// The signed-in user whose notes these are.
  public let uid: String
  /// The device's notes.
  public private(set) var store = EntityStore<Record>()
  /// The uploads not yet acknowledged.
  public private(set) var queue: any SyncQueueing
  /// Every document skipped as unreadable, in the order met.
  public private(set) var skipped: [SkippedDocument] = []
  private var cursor = 0
  private var phase = Phase.idle
  private var sending: (operation: OperationID, note: UUID, version: Date?)?
  private let planted: PlantedBug?

  private enum Phase: Sendable { case idle, downloading, uploading }

  /// A device of user `uid` with `queue` and no notes, with a planted bug or none.
  public init(uid: String, queue: any SyncQueueing, planted: PlantedBug? = nil) {
    (self.uid, self.queue, self.planted) = (uid, queue, planted)
  }

  /// A local create or update at `now`, queued; false for a deleted record.
  ///
  /// An update is the record's rule applied to the version held and the edit, stamped at `now`: the
  /// edit itself for a record whose later version wins, both merged for one that merges.
  public mutating func edit(_ note: Record, now: Date) -> Bool {
    let kind: SyncOperation.Kind = store.live[note.id] == nil ? .create : .update
    var edited = note
    if let held = store.live[note.id] {
      edited.lastModified = Record.editStamp(now: now, replacing: held.lastModified)
      edited = Record.reconcile(held, edited)
    }
    edited.syncStatus = .pendingUpload
    guard store.edit(edited, now: now), let stamped = store.live[note.id] else { return false }
    enqueue(kind, note.id, stamped.lastModified)
    return true
  }

  /// A local deletion at `now`, queued; false when the note is not live here.
  public mutating func delete(_ id: UUID, now: Date) -> Bool {
    guard let version = store.live[id] else { return false }
    store.delete(id, now: now)
    enqueue(.delete, id, Record.editStamp(now: now, replacing: version.lastModified))
    return true
  }

  /// Guest notes join this user's, queued for upload (a sign-up's migration); its deletions stay, local.
  public mutating func adopt(_ guest: EntityStore<Record>) {
    store.merge(EntityStore(deleted: guest.deleted))
    let order = guest.entities.sorted {
      ($0.lastModified, Record.documentId(of: $0.id)) < ($1.lastModified, Record.documentId(of: $1.id))
    }
    for var note in order {
      (note.userId, note.syncStatus) = (uid, .pendingUpload)
      store.merge(EntityStore(live: [note.id: note]))
      enqueue(.create, note.id, note.lastModified)
    }
  }

  /// Starts a pass.
  public mutating func startSync() { phase = .downloading }

  /// What the pass does next at `now`.
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
          guard let note = Record.entityId(ofDocument: operation.entityId) else {
            queue.complete(id, with: .success(()), now: now)
            continue
          }
          let path = DocumentPath(uid: uid, key: operation.key)
          if Record.deletesOutright, store.live[note] == nil, store.deleted[note] != nil {
            sending = (id, note, nil)
            return .delete(id, path: path)
          }
          guard let document = document(of: note) else {
            queue.complete(id, with: .success(()), now: now)
            continue
          }
          sending = (id, note, store.live[note]?.lastModified)
          return .upload(id, path: path, document: CloudDocument(document))
        }
      }
    }
  }

  /// Takes in the download, and the documents another device deleted outright; or ends the pass on its failure.
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>, removed: [DocumentPath] = []) {
    guard case .success(let changes) = result else {
      phase = .idle
      return
    }
    for path in removed {
      guard let id = Record.entityId(ofDocument: path.documentId), store.live[id] != nil else { continue }
      forget(id)
    }
    for change in changes.sorted(by: { $0.revision < $1.revision }) {
      cursor = max(cursor, change.revision)
      guard let id = Record.entityId(ofDocument: change.path.documentId) else { continue }
      let fields = change.document.fields
      if let deletedAt = Record.deletion(in: fields, id: change.path.documentId) {
        takeDeletion(id, at: deletedAt)
      } else if !Record.isTombstone(fields), let note = try? Record.fromFirestoreData(fields),
        Record.documentId(of: note.id) == change.path.documentId
      {
        take(note)
      } else {
        skipped.append(SkippedDocument(path: change.path, revision: change.revision, reason: "not a note"))
        if let mine = store.live[id] {
          store.mark(id, .pendingUpload, ifModifiedAt: mine.lastModified)
          requeue(.update, id, mine.lastModified)
        }
        if let deletedAt = store.deleted[id] { requeue(.delete, id, deletedAt) }
      }
    }
    phase = .uploading
  }

  /// How upload `id` ended at `now`.
  public mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    queue.complete(id, with: result, now: now)
    guard let sent = sending, sent.operation == id else { return }
    sending = nil
    // A record deleted outright leaves nothing behind once the cloud's document is gone.
    if case .success = result, Record.deletesOutright, store.live[sent.note] == nil { forget(sent.note) }
    if case .success = result, let version = sent.version {
      store.mark(sent.note, .synced, ifModifiedAt: version)
    }
  }

  /// The device again after a restart, its notes kept and its queue `queue`.
  public mutating func restart(with queue: any SyncQueueing) {
    (self.queue, phase, sending, skipped) = (queue, .idle, nil, [])
  }

  private mutating func take(_ theirs: Record) {
    let id = theirs.id
    if planted == .cloudAlwaysWins {  // the planted bug: theirs replaces ours, however new ours is
      store = EntityStore(live: store.live.merging([id: theirs]) { $1 }, deleted: store.deleted)
      return
    }
    store.merge(EntityStore(live: [id: theirs]))
    if let kept = store.live[id] {
      if kept.hasSameContent(as: theirs) {
        store.mark(id, .synced, ifModifiedAt: kept.lastModified)
      } else {
        store.mark(id, .pendingUpload, ifModifiedAt: kept.lastModified)
        requeue(.update, id, kept.lastModified)
      }
    } else if let deletedAt = store.deleted[id] {
      requeue(.delete, id, deletedAt)
    }
  }

  private mutating func takeDeletion(_ id: UUID, at deletedAt: Date) {
    if planted == .deletionByTime, let mine = store.live[id], mine.lastModified > deletedAt { return }
    store.merge(EntityStore(deleted: [id: deletedAt]))
  }

  /// Queues an upload of `id`: a user's change, which goes at once.
  private mutating func enqueue(_ kind: SyncOperation.Kind, _ id: UUID, _ at: Date) {
    _ = queue.enqueue(
      SyncOperation(
        kind, entityId: Record.documentId(of: id), entityType: Record.entityType, timestamp: at,
        owner: uid))
  }

  /// Queues an upload of a version the device holds, unless one waits already (it sends the current
  /// version when it goes, and a new one would cut its backoff short).
  private mutating func requeue(_ kind: SyncOperation.Kind, _ id: UUID, _ at: Date) {
    let key = EntityKey(entityId: Record.documentId(of: id), entityType: Record.entityType)
    guard !queue.pending.contains(where: { $0.operation.key == key }) else { return }
    enqueue(kind, id, at)
  }

  /// `id` gone from the device without a trace: no version, no deletion record.
  private mutating func forget(_ id: UUID) {
    store = EntityStore(
      live: store.live.filter { $0.key != id }, deleted: store.deleted.filter { $0.key != id })
  }

  /// The document an upload of record `id` writes: the record, or its tombstone.
  private func document(of id: UUID) -> [String: Any]? {
    if let note = store.live[id] { return note.toFirestoreData() }
    guard let deletedAt = store.deleted[id] else { return nil }
    return Record.tombstone(id: Record.documentId(of: id), owner: uid, deletedAt: deletedAt)
  }
}
