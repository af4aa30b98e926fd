import CountMeCore
import Foundation
import Notes

/// The sync's record of a note.
public typealias SyncedNote = Synced<Note>
/// The sync's record of a draft.
public typealias SyncedDraft = Synced<Draft>
/// The sync's record of a pinboard.
public typealias SyncedPinboard = Synced<Pinboard>

/// A model as the app's sync keeps it: the model, and where it stands with the cloud.
///
/// The record the notes app's sync (`RecordSync`) stores and uploads, adopting CountMeCore's
/// `CloudSyncedEntity`: its id is the model's (a UUID's text names its document), its owner and
/// last-modified time are the model's, its document is the model's codec's, and two versions meet
/// by the model's rule (`RecordModel.kept`).
public struct Synced<Model: RecordModel>: SyncedRecord {
  /// The model.
  public var model: Model
  /// Where it stands with the cloud: the app's bookkeeping, never content.
  public var syncStatus: SyncStatus

  /// `model`, with its sync status.
  public init(_ model: Model, syncStatus: SyncStatus = .pendingUpload) {
    (self.model, self.syncStatus) = (model, syncStatus)
  }

  /// The model's collection.
  public static var entityType: EntityType {
    guard let type = EntityType(collection: Model.collection) else {
      preconditionFailure("\(Model.collection) is no collection id")
    }
    return type
  }

  /// The model's owner field.
  public static var ownerField: String { Model.ownerField }
  /// Whether the model is deleted outright.
  public static var deletesOutright: Bool { Model.deletesOutright }

  /// The model's id, which is a UUID's text (the nil UUID for one that is not).
  public var id: UUID {
    UUID(uuidString: model.id) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  }

  /// The model's owner.
  public var userId: String {
    get { model.ownerId }
    set { model.ownerId = newValue }
  }

  /// When the model last changed.
  public var lastModified: Date {
    get { model.updatedAt }
    set { model.updatedAt = newValue }
  }

  /// A document keeps whole milliseconds: an edit is stamped at the millisecond nearest `now`, and at
  /// least a millisecond after the version it replaces.
  public static func editStamp(now: Date, replacing previous: Date?) -> Date {
    var millis = NoteCodec.millis(of: now)
    if let previous { millis = max(millis, NoteCodec.millis(of: previous) + 1) }
    return NoteCodec.time(millis: millis)
  }

  /// Whether `other` holds the same model.
  public func hasSameContent(as other: Synced) -> Bool { model == other.model }

  /// `Model.kept`, pending upload unless both were synced.
  public static func reconcile(_ a: Synced, _ b: Synced) -> Synced {
    let kept = Model.kept(a.model, b.model)
    if kept == a.model { return a }
    if kept == b.model { return b }
    return Synced(kept)
  }

  /// The model's document.
  public func toFirestoreData() -> [String: Any] { model.encoded() }

  /// The model a document holds, synced: a record read from the cloud is the cloud's.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> Synced {
    Synced(try Model.decoded(data), syncStatus: .synced)
  }

  /// The model's own id.
  public static func documentId(of id: UUID) -> String { id.uuidString }

  /// The UUID a document id is the text of.
  public static func entityId(ofDocument documentId: String) -> UUID? { UUID(uuidString: documentId) }
}

extension Synced: Codable {}
