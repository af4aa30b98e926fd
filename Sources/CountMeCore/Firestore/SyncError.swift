import Foundation

/// What went wrong at the sync boundary: a malformed or out-of-range document, or a cloud call.
///
/// Malformed documents (`invalidFirestoreData`, `missingField`, `wrongType`) are told apart from
/// documents whose values break a rule (`invalidData`) by `isMalformed`.
public enum SyncError: Error, Equatable, Hashable, Sendable, Codable {
  /// A document could not be read, with no more detail (the app's original case).
  case invalidFirestoreData
  /// A required field is absent or `null`. `field` is a path such as `ingredients[2].unit`.
  case missingField(model: String, field: String)
  /// A field holds a value of the wrong type, e.g. a String where a number belongs.
  case wrongType(model: String, field: String, expected: String)
  /// A value of the right type breaks a rule; `reason` names the model, the field and the value.
  case invalidData(reason: String)
  /// No user is signed in.
  case notAuthenticated
  /// The device is offline.
  case networkUnavailable
  /// The cloud refused the call under its security rules.
  case permissionDenied(path: String)
  /// The cloud is temporarily unavailable.
  case cloudUnavailable
  /// The call timed out; it may or may not have taken effect (a lost acknowledgement looks so).
  case deadlineExceeded
  /// The device's own store could not be read for the upload just now (the entity is still there).
  case localStoreUnavailable
  /// The cloud rejected the request as malformed.
  case invalidArgument(reason: String)
  /// An operation failed transiently on every attempt.
  case maxRetriesExceeded(operationId: String, attempts: Int)

  /// True for a document that is missing a field or has one of the wrong type.
  public var isMalformed: Bool {
    switch self {
    case .invalidFirestoreData, .missingField, .wrongType: return true
    default: return false
    }
  }
}

extension SyncError: LocalizedError {
  /// A sentence for a person.
  public var errorDescription: String? {
    switch self {
    case .invalidFirestoreData: return "Invalid data format from cloud."
    case .missingField(let model, let field): return "\(model) document has no \(field)."
    case .wrongType(let model, let field, let expected):
      return "\(model) document field \(field) is not a \(expected)."
    case .invalidData(let reason): return "Invalid data from cloud: \(reason)"
    case .notAuthenticated: return "You must be signed in to sync data."
    case .networkUnavailable: return "Network unavailable. Changes will sync when online."
    case .permissionDenied(let path): return "Permission denied for \(path)."
    case .cloudUnavailable: return "The cloud is unavailable; the call will be retried."
    case .deadlineExceeded: return "The cloud call timed out; it will be retried."
    case .localStoreUnavailable: return "The data on this device could not be read; it will be retried."
    case .invalidArgument(let reason): return "The cloud rejected the request: \(reason)"
    case .maxRetriesExceeded(let operationId, let attempts):
      return "Operation \(operationId) failed after \(attempts) attempts."
    }
  }
}
