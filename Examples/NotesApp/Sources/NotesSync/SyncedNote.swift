import CountMeCore
import Foundation
import Notes

/// A note as the app's sync keeps it: the note, and where it stands with the cloud.
///
/// The record the notes app's sync (`NotesSync`) stores and uploads, adopting CountMeCore's
/// `CloudSyncedEntity`: its id is the note's (a UUID's text names its document), its owner and
/// last-modified time are the note's, and its document is `NoteCodec`'s. Two versions of a note
/// meet by last write wins, the later `updatedAt` winning; on a tie the greater content, so that
/// every device keeps the same one.
public struct SyncedNote: CloudSyncedEntity {
  /// The note.
  public var note: Note
  /// Where it stands with the cloud: the app's bookkeeping, never content.
  public var syncStatus: SyncStatus

  /// `note`, with its sync status.
  public init(_ note: Note, syncStatus: SyncStatus = .pendingUpload) {
    (self.note, self.syncStatus) = (note, syncStatus)
  }

  /// The notes' collection.
  public static var entityType: EntityType {
    guard let notes = EntityType(collection: "notes") else { preconditionFailure("notes is a collection id") }
    return notes
  }

  /// The note's id, which is a UUID's text (the nil UUID for one that is not).
  public var id: UUID {
    UUID(uuidString: note.id) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  }

  /// The note's owner.
  public var userId: String {
    get { note.ownerId }
    set { note.ownerId = newValue }
  }

  /// When the note last changed.
  public var lastModified: Date {
    get { note.updatedAt }
    set { note.updatedAt = newValue }
  }

  /// A note's document keeps whole milliseconds: an edit is stamped at the millisecond nearest
  /// `now`, and at least a millisecond after the version it replaces.
  public static func editStamp(now: Date, replacing previous: Date?) -> Date {
    var millis = NoteCodec.millis(of: now)
    if let previous { millis = max(millis, NoteCodec.millis(of: previous) + 1) }
    return NoteCodec.time(millis: millis)
  }

  /// Whether `other` holds the same note.
  public func hasSameContent(as other: SyncedNote) -> Bool { note == other.note }

  /// The later note; on a tie, the one whose document sorts last, the same on every device.
  public static func reconcile(_ a: SyncedNote, _ b: SyncedNote) -> SyncedNote {
    if a.note.updatedAt != b.note.updatedAt { return a.note.updatedAt > b.note.updatedAt ? a : b }
    return "\(NoteCodec.encode(a.note).sorted { $0.key < $1.key })"
      >= "\(NoteCodec.encode(b.note).sorted { $0.key < $1.key })" ? a : b
  }

  /// `NoteCodec.encode`.
  public func toFirestoreData() -> [String: Any] { NoteCodec.encode(note) }

  /// `NoteCodec.decode`, synced: a note read from the cloud is the cloud's.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> SyncedNote {
    SyncedNote(try NoteCodec.decode(data), syncStatus: .synced)
  }

  /// The note's own id.
  public static func documentId(of id: UUID) -> String { id.uuidString }

  /// The UUID a document id is the text of.
  public static func entityId(ofDocument documentId: String) -> UUID? { UUID(uuidString: documentId) }
}

extension SyncedNote: Codable {
  private enum Keys: String, CodingKey { case document, syncStatus }

  /// The note's document as JSON, beside its sync status.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    let data = try JSONSerialization.data(withJSONObject: toFirestoreData(), options: [.sortedKeys])
    try container.encode(String(decoding: data, as: UTF8.self), forKey: .document)
    try container.encode(syncStatus, forKey: .syncStatus)
  }

  /// Reads what `encode(to:)` wrote.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    let text = try container.decode(String.self, forKey: .document)
    guard let fields = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      throw DecodingError.dataCorruptedError(forKey: .document, in: container, debugDescription: "no note")
    }
    self.init(
      try NoteCodec.decode(fields), syncStatus: try container.decode(SyncStatus.self, forKey: .syncStatus))
  }
}
