import Foundation

/// An entity a device syncs with the cloud one document at a time: a stored entity with its type
/// (which names its collection) and its Firestore codec.
public protocol CloudSyncedEntity: StoredEntity {
  /// The type, which names the collection its documents live in.
  static var entityType: EntityType { get }
  /// Its owner's uid; empty for a guest's, made before any account.
  var userId: String { get set }
  /// The document the app writes for it.
  func toFirestoreData() -> [String: Any]
  /// Reads a document written by any client, checking every rule of the model.
  static func fromFirestoreData(_ data: [String: Any]) throws -> Self
  /// The id of entity `id`'s document in its collection.
  static func documentId(of id: UUID) -> String
  /// The entity a document id names; nil when it names none.
  static func entityId(ofDocument documentId: String) -> UUID?
  /// The field its documents, and its tombstones, name their owner in: CountMe's `userId`.
  static var ownerField: String { get }
}

extension CloudSyncedEntity {
  /// The entity's id, as `uuidString`.
  public static func documentId(of id: UUID) -> String { id.idText }

  /// The id a `uuidString` names (either case; see `CanonicalUUID`).
  public static func entityId(ofDocument documentId: String) -> UUID? { CanonicalUUID.parse(documentId) }

  /// `userId`, as CountMe's documents name their owner.
  public static var ownerField: String { "userId" }
}

extension FoodItem: CloudSyncedEntity {
  /// `.foodItem`.
  public static var entityType: EntityType { .foodItem }
}

extension ExerciseItem: CloudSyncedEntity {
  /// `.exerciseItem`.
  public static var entityType: EntityType { .exerciseItem }
}

extension CustomMeal: CloudSyncedEntity {
  /// `.customMeal`.
  public static var entityType: EntityType { .customMeal }
}

extension DailyLog: CloudSyncedEntity {
  /// `.dailyLog`.
  public static var entityType: EntityType { .dailyLog }
}

/// The user's goal: one document with a fixed id, synced and reconciled as any other entity.
///
/// The user's goal: one document, `users/{uid}/profile/settings` (seed 002's tree), so one entity
/// with a fixed id, synced by a `CollectionSync` as any other and reconciled by last-write-wins.
///
/// A goal is replaced, never deleted: nothing in the app deletes one (retention keeps it, F28).
extension UserGoal: CloudSyncedEntity, LastWriteWinsEntity {
  /// The one goal's id, the same for every user and device: 00000000-0000-0000-0000-00000000601A.
  public static let singletonID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x60, 0x1A))

  /// `singletonID`: a user has one goal.
  public var id: UUID { Self.singletonID }

  /// `.userGoal`, whose collection is `profile`.
  public static var entityType: EntityType { .userGoal }

  /// `"settings"`.
  public static func documentId(of id: UUID) -> String { "settings" }

  /// `singletonID` for `"settings"`; nil for any other document of `profile`.
  public static func entityId(ofDocument documentId: String) -> UUID? {
    documentId == "settings" ? singletonID : nil
  }
}
