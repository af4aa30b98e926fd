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
