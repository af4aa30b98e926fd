import CountMeHarness
import Foundation
import Notes
import NotesSync

/// Slot `slot`'s id in every collection of the example: a UUID's text.
func recordID(_ slot: Int) -> String {
  UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xA0, UInt8(slot))).uuidString
}

/// A model of the app whose collection is described for the harness.
public protocol DescribedRecordModel: RecordModel {
  /// The collection of its records, described.
  static var records: CollectionDescription<Synced<Self>> { get }
}

/// A record is described by its model's collection.
extension Synced: DescribedEntity where Model: DescribedRecordModel {
  /// The model's collection.
  public static var collectionDescription: CollectionDescription<Synced<Model>> { Model.records }
}

/// The notes collection described for the harness: the app's record, codec, tombstones and conflict rule.
extension Note: DescribedRecordModel {
  /// Notes under `users/{uid}/notes/`: a tombstone for a deletion, the later change winning; an
  /// edit step sets a note's priority.
  public static let records = CollectionDescription<SyncedNote>(
    name: "notes", noun: "note", documentId: \.model.id, owner: \.userId, lastModified: \.lastModified,
    value: { Double($0.model.priority) }, encode: { $0.toFirestoreData() },
    decode: SyncedNote.fromFirestoreData, sameContent: { $0.hasSameContent(as: $1) },
    deletion: .tombstone(flag: "deleted", time: "deletedAt"), conflict: .lastWriteWins
  ) { slot, value, owner, at in
    SyncedNote(
      Note(
        id: recordID(slot), ownerId: owner, title: "Note \(slot)", body: "Buy oats", tags: ["home", "list"],
        priority: value, updatedAt: at))
  }
}

/// The drafts: deleted outright, the later change winning; an edit step sets a draft's word count.
extension Draft: DescribedRecordModel {
  /// Drafts under `users/{uid}/drafts/`.
  public static let records = CollectionDescription<SyncedDraft>(
    name: "drafts", noun: "draft", documentId: \.model.id, owner: \.userId, lastModified: \.lastModified,
    value: { Double($0.model.words) }, encode: { $0.toFirestoreData() },
    decode: SyncedDraft.fromFirestoreData, sameContent: { $0.hasSameContent(as: $1) }, deletion: .hardDelete,
    conflict: .lastWriteWins
  ) { slot, value, owner, at in
    SyncedDraft(Draft(id: recordID(slot), ownerId: owner, text: "Draft \(slot)", words: value, updatedAt: at))
  }
}

/// The pinboards: two versions merge, keeping every pin; an edit step pins `pin-<value>`.
extension Pinboard: DescribedRecordModel {
  /// Pinboards under `users/{uid}/pinboards/`; a board's value is its highest pin's number.
  public static let records = CollectionDescription<SyncedPinboard>(
    name: "pinboards", noun: "pinboard", documentId: \.model.id, owner: \.userId,
    lastModified: \.lastModified,
    value: { board in board.model.pins.compactMap { Double($0.dropFirst(4)) }.max() ?? -1 },
    encode: { $0.toFirestoreData() }, decode: SyncedPinboard.fromFirestoreData,
    sameContent: { $0.hasSameContent(as: $1) }, deletion: .tombstone(flag: "deleted", time: "deletedAt"),
    conflict: .merge { a, b in
      // The rule written out from the app's specification, not the sync's own `reconcile`: the
      // merge is the oracle F13, F16, F18 and F15 judge the sync by.
      var merged = a.model.updatedAt >= b.model.updatedAt ? a : b
      merged.model.pins = Array(Set(a.model.pins + b.model.pins)).sorted()
      return merged
    }
  ) { slot, value, owner, at in
    SyncedPinboard(Pinboard(id: recordID(slot), ownerId: owner, pins: ["pin-\(value)"], updatedAt: at))
  }
}

/// The notes app's implementation of one collection as the harness judges it: its device sync, and the reference queue.
struct RecordSystem<Record: SyncedRecord & DescribedEntity>: AppDeviceSyncLayer {
  /// The bug planted in every device's sync, if any.
  var planted: RecordSync<Record>.PlantedBug?

  /// The app keeps its uploads in CountMeCore's queue.
  var borrowedLayers: [Layer] { [.queue] }

  func makeSync(uid: String, queue: any SyncQueueing) -> any DeviceSyncUnderTest<Record> {
    RecordDevice(sync: RecordSync(uid: uid, queue: queue, planted: planted), planted: planted)
  }

  func migrate(_ guest: EntityStore<Record>, uid: String, queue: any SyncQueueing, now: Date)
    -> any DeviceSyncUnderTest<Record>
  {
    var sync = RecordSync<Record>(uid: uid, queue: queue, planted: planted)
    sync.adopt(guest)
    return RecordDevice(sync: sync, planted: planted)
  }
}

/// The notes app's sync of its notes.
typealias NotesSystem = RecordSystem<SyncedNote>

/// One device of the notes app, behind the harness's device-sync contract.
struct RecordDevice<Record: SyncedRecord>: DeviceSyncUnderTest {
  var sync: RecordSync<Record>
  let planted: RecordSync<Record>.PlantedBug?

  var store: EntityStore<Record> { sync.store }
  var queue: any SyncQueueing { sync.queue }
  var skipped: [SkippedDocument] { sync.skipped }
  /// The app's network layer gives a call 30 seconds.
  var callTimeout: TimeInterval? { 30 }

  mutating func edit(_ entity: Record, now: Date) -> Bool { sync.edit(entity, now: now) }
  mutating func delete(_ id: UUID, now: Date) -> Bool { sync.delete(id, now: now) }
  mutating func startSync() { sync.startSync() }
  mutating func next(now: Date, online: Bool) -> CollectionSyncAction { sync.next(now: now, online: online) }
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) { sync.downloaded(result) }
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, removed: [DocumentPath], now: Date) {
    sync.downloaded(result, removed: removed)
  }
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    sync.uploaded(id, result: result, now: now)
  }
  mutating func restart(with queue: any SyncQueueing, now: Date) { sync.restart(with: queue) }
  mutating func reinstall(with queue: any SyncQueueing, now: Date) {
    sync = RecordSync(uid: sync.uid, queue: queue, planted: planted)
  }
}

/// The notes app's phones, shared by several people: CountMeCore's `SharedDevice` of its notes, adopted.
extension RecordSystem: AccountsLayer, AppAccountsLayer where Record == SyncedNote {
  func makeSharedDevice(queue: any SyncQueueing) -> any SharedDeviceUnderTest<SyncedNote> {
    SharedDevice<SyncedNote>(queue: queue)
  }
}
