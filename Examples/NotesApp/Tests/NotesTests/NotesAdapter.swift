import CountMeHarness
import Foundation
import Notes
import NotesSync

/// The notes collection described for the harness: the app's record, codec, tombstones and conflict rule.
extension SyncedNote: DescribedEntity {
  /// Notes under `users/{uid}/notes/`: a tombstone for a deletion, the later change winning; an
  /// edit step sets a note's priority.
  public static let collectionDescription = CollectionDescription<SyncedNote>(
    name: "notes", noun: "note", documentId: \.note.id, owner: \.userId, lastModified: \.lastModified,
    value: { Double($0.note.priority) }, encode: { $0.toFirestoreData() },
    decode: SyncedNote.fromFirestoreData,
    sameContent: { $0.hasSameContent(as: $1) }, deletion: .tombstone(flag: "deleted", time: "deletedAt"),
    conflict: .lastWriteWins
  ) { slot, value, owner, at in
    let id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xA0, UInt8(slot))).uuidString
    return SyncedNote(
      Note(
        id: id, ownerId: owner, title: "Note \(slot)", body: "Buy oats", tags: ["home", "list"],
        priority: value,
        updatedAt: at))
  }
}

/// The notes app's implementation as the harness judges it: its device sync, and the reference queue.
struct NotesSystem: AppDeviceSyncLayer {
  /// The bug planted in every device's sync, if any.
  var planted: NotesSync.PlantedBug?

  /// The app keeps its uploads in CountMeCore's queue.
  var borrowedLayers: [Layer] { [.queue] }

  func makeSync(uid: String, queue: any SyncQueueing) -> any DeviceSyncUnderTest<SyncedNote> {
    NotesDevice(sync: NotesSync(uid: uid, queue: queue, planted: planted), planted: planted)
  }

  func migrate(_ guest: EntityStore<SyncedNote>, uid: String, queue: any SyncQueueing, now: Date)
    -> any DeviceSyncUnderTest<SyncedNote>
  {
    var sync = NotesSync(uid: uid, queue: queue, planted: planted)
    sync.adopt(guest)
    return NotesDevice(sync: sync, planted: planted)
  }
}

/// One device of the notes app, behind the harness's device-sync contract.
struct NotesDevice: DeviceSyncUnderTest {
  var sync: NotesSync
  let planted: NotesSync.PlantedBug?

  var store: EntityStore<SyncedNote> { sync.store }
  var queue: any SyncQueueing { sync.queue }
  var skipped: [SkippedDocument] { sync.skipped }
  /// The app's network layer gives a call 30 seconds.
  var callTimeout: TimeInterval? { 30 }

  mutating func edit(_ entity: SyncedNote, now: Date) -> Bool { sync.edit(entity, now: now) }
  mutating func delete(_ id: UUID, now: Date) -> Bool { sync.delete(id, now: now) }
  mutating func startSync() { sync.startSync() }
  mutating func next(now: Date, online: Bool) -> CollectionSyncAction { sync.next(now: now, online: online) }
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) { sync.downloaded(result) }
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    sync.uploaded(id, result: result, now: now)
  }
  mutating func restart(with queue: any SyncQueueing, now: Date) { sync.restart(with: queue) }
  mutating func reinstall(with queue: any SyncQueueing, now: Date) {
    sync = NotesSync(uid: sync.uid, queue: queue, planted: planted)
  }
}
