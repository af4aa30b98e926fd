import Foundation

/// A change to send to the cloud: create, update or delete one entity, stamped when it was made and
/// with whose data it was made.
///
/// An operation's `owner` is the user signed in when the change was made; it is only ever uploaded
/// while that user is signed in, into that user's documents (Firestore keeps a mutation queue per
/// user the same way). Signed out, or signed in as someone else, it waits: never uploaded as the
/// other user, never dropped. An operation with no owner was made before any account existed on the
/// device; the first user to sync adopts it (seed 002's migration of local data, requirement 9).
public struct SyncOperation: Codable, Hashable, Sendable {
  /// What the operation does to its entity.
  public enum Kind: String, Codable, CaseIterable, Sendable { case create, update, delete }

  /// Create, update or delete.
  public let kind: Kind
  /// The entity's id.
  public let entityId: String
  /// The entity's type, which names its collection.
  public let entityType: EntityType
  /// When the change was made; the queue processes in this order.
  public let timestamp: Date
  /// The uid of the user whose data changed; nil for a change made before any sign-in.
  ///
  /// Absent from a queue file written before owners existed, which loads with no owner.
  public let owner: String?

  /// Creates a `SyncOperation` from its parts.
  public init(_ kind: Kind, entityId: String, entityType: EntityType, timestamp: Date, owner: String? = nil) {
    self.kind = kind
    self.entityId = entityId
    self.entityType = entityType
    self.timestamp = timestamp
    self.owner = owner
  }

  /// The entity this operation is about.
  public var key: EntityKey { EntityKey(entityId: entityId, entityType: entityType) }

  /// What the queue de-duplicates on: the entity and its owner.
  ///
  /// Two users' entities with one id are two documents (`users/{uid}/…`), so neither user's operation
  /// supersedes the other's.
  public var ownedKey: OwnedKey { OwnedKey(owner: owner, key: key) }

  /// True when `user` may upload this operation: it is `user`'s, or nobody's yet.
  public func isUploadable(by user: String) -> Bool { owner == nil || owner == user }
}

/// An entity of one user (or of nobody yet): the unit the queue keeps one pending operation of.
public struct OwnedKey: Hashable, Sendable {
  /// The uid of the entity's user; nil before any sign-in.
  public let owner: String?
  /// The entity.
  public let key: EntityKey
}

/// An entity's identity: its id and type.
public struct EntityKey: Hashable, Codable, Sendable, Comparable {
  /// The entity's id.
  public let entityId: String
  /// The entity's type, which names its collection.
  public let entityType: EntityType

  /// Creates a `EntityKey` from its parts.
  public init(entityId: String, entityType: EntityType) {
    self.entityId = entityId
    self.entityType = entityType
  }

  /// The order reports and files list them in.
  public static func < (lhs: EntityKey, rhs: EntityKey) -> Bool {
    (lhs.entityType.rawValue, lhs.entityId) < (rhs.entityType.rawValue, rhs.entityId)
  }
}

/// The queue's name for one enqueued operation: a sequence number, unique for the queue's lifetime
/// (restarts included).
///
/// Retry state belongs to it, not to an entity id shared between operations.
public struct OperationID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  /// The number the queue handed out.
  public let rawValue: UInt64
  /// Creates a `OperationID` from its parts.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  /// The order reports and files list them in.
  public static func < (lhs: OperationID, rhs: OperationID) -> Bool { lhs.rawValue < rhs.rawValue }
  /// How reports print it.
  public var description: String { "#\(rawValue)" }
}
