import Foundation

/// A deletion as the cloud keeps it: a tombstone in place of the entity's document.
///
/// A deletion as the cloud keeps it: the entity's document replaced by a tombstone, so every device
/// that downloads the change learns of the deletion and its time (seed 002: "track deletion
/// timestamp to handle late-arriving updates").
///
/// NB: a tombstone is a document in the entity's own place (`users/{uid}/{collection}/{id}`), not
/// a Firestore delete: a deleted document is gone from every later download, so a device that
/// was offline would never learn of it.
public struct Tombstone: Equatable, Sendable {
  /// The deleted entity's id.
  public let id: UUID
  /// When it was first deleted.
  public let deletedAt: Date

  /// Creates a `Tombstone` from its parts.
  public init(id: UUID, deletedAt: Date) {
    self.id = id
    self.deletedAt = deletedAt
  }

  /// The document written in place of the entity's: `deleted: true`, its id, its owner (in `ownerField`) and the time.
  public func toFirestoreData(userId: String, ownerField: String = "userId") -> [String: Any] {
    ["id": id.idText, ownerField: userId, "deleted": true, "deletedAt": Timestamp(date: deletedAt)]
  }

  /// True when `data` says it is a tombstone (`deleted` is `true`); only then does
  /// `fromFirestoreData` read it.
  public static func isTombstone(_ data: [String: Any]) -> Bool { data["deleted"] as? Bool == true }

  /// Reads a tombstone document, its owner in `ownerField`, with the same errors as the models' readers.
  public static func fromFirestoreData(_ data: [String: Any], ownerField: String = "userId") throws
    -> Tombstone
  {
    let doc = DocumentReader(data, model: "Tombstone")
    let id = try doc.uuid("id")
    _ = try doc.visibleString(ownerField)
    return Tombstone(id: id, deletedAt: try doc.date("deletedAt"))
  }
}
