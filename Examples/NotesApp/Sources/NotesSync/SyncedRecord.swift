import CountMeCore
import Foundation

/// A record the notes app syncs: how its documents name an owner and how a deletion is kept.
public protocol SyncedRecord: CloudSyncedEntity {
  /// The field of its documents that names the owner.
  static var ownerField: String { get }
  /// True when a deletion deletes the document outright; false when it leaves a tombstone.
  static var deletesOutright: Bool { get }
}

extension SyncedRecord {
  /// Tombstones, unless the record says otherwise.
  public static var deletesOutright: Bool { false }

  /// The tombstone of record `id` of `owner`, deleted at `deletedAt`.
  public static func tombstone(id: String, owner: String, deletedAt: Date) -> [String: Any] {
    ["id": id, ownerField: owner, "deleted": true, "deletedAt": Timestamp(date: deletedAt)]
  }

  /// Whether `fields` are marked deleted (a tombstone, whole or broken).
  public static func isTombstone(_ fields: [String: Any]) -> Bool { fields["deleted"] as? Bool == true }

  /// The deletion time of a tombstone of record `id`; nil for a document that is no whole tombstone of it.
  public static func deletion(in fields: [String: Any], id: String) -> Date? {
    guard isTombstone(fields), fields["id"] as? String == id, let at = fields["deletedAt"] as? Timestamp
    else { return nil }
    return at.dateValue()
  }
}
