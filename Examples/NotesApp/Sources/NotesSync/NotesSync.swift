import CountMeCore
import Foundation
import Notes

/// One device's sync of the user's notes with Firestore, as a sans-IO state machine.
///
/// The notes app's sync: a pass downloads every note document changed since the last, and takes
/// each in (a later note wins; a deletion wins over any note); then it uploads its queue, each
/// operation writing the note's current version, or its tombstone (`{"id", "ownerId", "deleted":
/// true, "deletedAt"}`) once deleted. A note it holds that beats the cloud's, or a deletion the
/// cloud has not heard of, is queued to go up. A document it cannot read is skipped, and its own
/// version queued to write over it.
///
/// `planted` plants one of the example's bugs, for the harness to catch.
public struct NotesSync: Sendable {
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
  public private(set) var store = EntityStore<SyncedNote>()
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

  /// A local create or update at `now`, queued; false for a deleted note.
  public mutating func edit(_ note: SyncedNote, now: Date) -> Bool {
    let kind: SyncOperation.Kind = store.live[note.id] == nil ? .create : .update
    var edited = note
    edited.syncStatus = .pendingUpload
    guard store.edit(edited, now: now), let stamped = store.live[note.id] else { return false }
    enqueue(kind, note.id, stamped.lastModified)
    return true
  }

  /// A local deletion at `now`, queued; false when the note is not live here.
  public mutating func delete(_ id: UUID, now: Date) -> Bool {
    guard let version = store.live[id] else { return false }
    store.delete(id, now: now)
    enqueue(.delete, id, SyncedNote.editStamp(now: now, replacing: version.lastModified))
    return true
  }

  /// Guest notes join this user's, queued for upload (a sign-up's migration); its deletions stay, local.
  public mutating func adopt(_ guest: EntityStore<SyncedNote>) {
    store.merge(EntityStore(deleted: guest.deleted))
    for var note in guest.entities.sorted(by: {
      ($0.lastModified, $0.note.id) < ($1.lastModified, $1.note.id)
    }) {
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
          guard let note = SyncedNote.entityId(ofDocument: operation.entityId),
            let document = document(of: note)
          else {
            queue.complete(id, with: .success(()), now: now)
            continue
          }
          sending = (id, note, store.live[note]?.lastModified)
          return .upload(
            id, path: DocumentPath(uid: uid, key: operation.key), document: CloudDocument(document))
        }
      }
    }
  }

  /// Takes in the download, or ends the pass on its failure.
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    guard case .success(let changes) = result else {
      phase = .idle
      return
    }
    for change in changes.sorted(by: { $0.revision < $1.revision }) {
      cursor = max(cursor, change.revision)
      guard let id = SyncedNote.entityId(ofDocument: change.path.documentId) else { continue }
      let fields = change.document.fields
      if let deletedAt = Self.deletion(fields, id: change.path.documentId) {
        takeDeletion(id, at: deletedAt)
      } else if fields["deleted"] as? Bool != true, let note = try? SyncedNote.fromFirestoreData(fields),
        note.note.id == change.path.documentId
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
    if case .success = result, let version = sent.version {
      store.mark(sent.note, .synced, ifModifiedAt: version)
    }
  }

  /// The device again after a restart, its notes kept and its queue `queue`.
  public mutating func restart(with queue: any SyncQueueing) {
    (self.queue, phase, sending, skipped) = (queue, .idle, nil, [])
  }

  private mutating func take(_ theirs: SyncedNote) {
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
        kind, entityId: SyncedNote.documentId(of: id), entityType: SyncedNote.entityType, timestamp: at,
        owner: uid))
  }

  /// Queues an upload of a version the device holds, unless one waits already (it sends the current
  /// version when it goes, and a new one would cut its backoff short).
  private mutating func requeue(_ kind: SyncOperation.Kind, _ id: UUID, _ at: Date) {
    let key = EntityKey(entityId: SyncedNote.documentId(of: id), entityType: SyncedNote.entityType)
    guard !queue.pending.contains(where: { $0.operation.key == key }) else { return }
    enqueue(kind, id, at)
  }

  /// The document an upload of note `id` writes: the note, or its tombstone.
  private func document(of id: UUID) -> [String: Any]? {
    if let note = store.live[id] { return note.toFirestoreData() }
    guard let deletedAt = store.deleted[id] else { return nil }
    return [
      "id": SyncedNote.documentId(of: id), "ownerId": uid, "deleted": true,
      "deletedAt": Timestamp(date: deletedAt),
    ]
  }

  /// The deletion time of a tombstone of note `id`; nil for a document that is no tombstone.
  static func deletion(_ fields: [String: Any], id: String) -> Date? {
    guard fields["deleted"] as? Bool == true, fields["id"] as? String == id,
      let at = fields["deletedAt"] as? Timestamp
    else { return nil }
    return at.dateValue()
  }
}
