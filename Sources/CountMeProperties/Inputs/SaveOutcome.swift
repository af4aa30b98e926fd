import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// How saving a daily log ended: success, or one `SyncError` of every kind with its text (the
/// input of X4.3).
struct SaveOutcome: Sendable, Equatable {
  /// `saved`, or the error's case name, e.g. `deadlineExceeded`.
  let kind: String
  /// The text every string the error carries holds (a model, field, path, reason or id).
  let detail: String

  /// Every kind, success first.
  static let kinds = [
    "saved", "networkUnavailable", "cloudUnavailable", "deadlineExceeded", "notAuthenticated",
    "permissionDenied",
    "invalidFirestoreData", "missingField", "wrongType", "invalidData", "localStoreUnavailable",
    "invalidArgument",
    "maxRetriesExceeded",
  ]

  /// The kinds whose error carries text.
  static let carriesText: Set = [
    "missingField", "wrongType", "invalidData", "permissionDenied", "invalidArgument", "maxRetriesExceeded",
  ]

  /// The outcome as the data layer reports it; nil for an unknown kind.
  var result: Result<Void, SyncError>? {
    let error: SyncError
    switch kind {
    case "saved": return .success(())
    case "networkUnavailable": error = .networkUnavailable
    case "cloudUnavailable": error = .cloudUnavailable
    case "deadlineExceeded": error = .deadlineExceeded
    case "notAuthenticated": error = .notAuthenticated
    case "permissionDenied": error = .permissionDenied(path: detail)
    case "invalidFirestoreData": error = .invalidFirestoreData
    case "missingField": error = .missingField(model: detail, field: detail)
    case "wrongType": error = .wrongType(model: detail, field: detail, expected: detail)
    case "invalidData": error = .invalidData(reason: detail)
    case "localStoreUnavailable": error = .localStoreUnavailable
    case "invalidArgument": error = .invalidArgument(reason: detail)
    case "maxRetriesExceeded": error = .maxRetriesExceeded(operationId: detail, attempts: 7)
    default: return nil
    }
    return .failure(error)
  }

  /// Every kind, evenly, with a uid-like or any visible text.
  static let generator: Generator<Tagged<SaveOutcome>> = Gen.zip(Gen.element(of: kinds), Gen.ownerId).map {
    Tagged(SaveOutcome(kind: $0, detail: $1), tags: ["SaveOutcome.\($0)"])
  }

  /// `{"outcome": "deadlineExceeded", "detail": "uid-alice"}`.
  var json: JSON { .object([("outcome", .string(kind)), ("detail", .string(detail))]) }

  init(kind: String, detail: String) {
    self.kind = kind
    self.detail = detail
  }

  init(json: JSON) throws {
    let reader = try JSONReader(json, path: "input")
    self.init(kind: try reader.string("outcome"), detail: try reader.string("detail"))
    guard result != nil else {
      throw reader.fail("outcome", "expected one of \(Self.kinds.joined(separator: ", "))")
    }
  }
}
