import Foundation

/// A document's place in the cloud: `users/{uid}/{collection}/{documentId}`.
public struct DocumentPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The owner's uid: the first path segment, which the rules check.
  public let uid: String
  /// The collection under `users/{uid}/`.
  public let collection: String
  /// The document's id: the entity's id.
  public let documentId: String

  /// Creates a `DocumentPath` from its parts.
  public init(uid: String, collection: String, documentId: String) {
    self.uid = uid
    self.collection = collection
    self.documentId = documentId
  }

  /// The path of `key`'s document for user `uid`.
  public init(uid: String, key: EntityKey) {
    self.init(uid: uid, collection: key.entityType.collection, documentId: key.entityId)
  }

  /// How reports print it.
  public var description: String { "users/\(uid)/\(collection)/\(documentId)" }

  /// The order reports and files list them in.
  public static func < (lhs: DocumentPath, rhs: DocumentPath) -> Bool {
    (lhs.uid, lhs.collection, lhs.documentId) < (rhs.uid, rhs.collection, rhs.documentId)
  }
}

/// A document's fields as the Firestore SDK holds them.
///
/// `@unchecked Sendable` is safe: the dictionary is a value copied on write, and its values are
/// Firestore's immutable value types (numbers, strings, `Timestamp`, `NSNull`, arrays and maps of them).
public struct CloudDocument: @unchecked Sendable {
  /// The document's fields.
  public let fields: [String: Any]
  /// Creates a `CloudDocument` from its parts.
  public init(_ fields: [String: Any]) { self.fields = fields }
}

/// The cloud, as the sync engine needs it: set, get and delete one document, as a signed-in user.
///
/// Calls throw `SyncError`: `permissionDenied` when the rules refuse, and the transient errors
/// (`networkUnavailable`, `cloudUnavailable`, `deadlineExceeded`) the queue retries.
public protocol CloudStore: Sendable {
  func setDocument(_ document: CloudDocument, at path: DocumentPath, as uid: String) async throws
  func getDocument(at path: DocumentPath, as uid: String) async throws -> CloudDocument?
  func deleteDocument(at path: DocumentPath, as uid: String) async throws
}
