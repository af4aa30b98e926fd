import Foundation

/// The kinds of record the app syncs, by the collection they live in.
public enum EntityType: String, Codable, CaseIterable, Sendable {
  case foodItem, exerciseItem, dailyLog, customMeal, userGoal

  /// The Firestore collection under `users/{uid}/`.
  public var collection: String {
    switch self {
    case .foodItem: return "foodItems"
    case .exerciseItem: return "exerciseItems"
    case .dailyLog: return "dailyLogs"
    case .customMeal: return "customMeals"
    case .userGoal: return "profile"
    }
  }
}

/// A change to send to the cloud: create, update or delete one entity, stamped when it was made.
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

  /// Creates a `SyncOperation` from its parts.
  public init(_ kind: Kind, entityId: String, entityType: EntityType, timestamp: Date) {
    self.kind = kind
    self.entityId = entityId
    self.entityType = entityType
    self.timestamp = timestamp
  }

  /// The entity this operation is about; the queue keeps at most one pending operation per key.
  public var key: EntityKey { EntityKey(entityId: entityId, entityType: entityType) }
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
/// (restarts included). Retry state belongs to it, not to an entity id shared between operations.
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
