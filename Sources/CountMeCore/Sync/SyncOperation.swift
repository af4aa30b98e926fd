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
  public enum Kind: String, Codable, CaseIterable, Sendable { case create, update, delete }

  public let kind: Kind
  public let entityId: String
  public let entityType: EntityType
  public let timestamp: Date

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
  public let entityId: String
  public let entityType: EntityType

  public init(entityId: String, entityType: EntityType) {
    self.entityId = entityId
    self.entityType = entityType
  }

  public static func < (lhs: EntityKey, rhs: EntityKey) -> Bool {
    (lhs.entityType.rawValue, lhs.entityId) < (rhs.entityType.rawValue, rhs.entityId)
  }
}

/// The queue's name for one enqueued operation: a sequence number, unique for the queue's lifetime
/// (restarts included). Retry state belongs to it, not to an entity id shared between operations.
public struct OperationID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  public let rawValue: UInt64
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  public static func < (lhs: OperationID, rhs: OperationID) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "#\(rawValue)" }
}
