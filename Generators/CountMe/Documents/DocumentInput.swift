import CountMeContract
import CountMeCore
import FirestoreCloud
import Generators

/// The five models the app stores as Firestore documents.
public enum DocumentModel: String, CaseIterable, Sendable {
  case foodItem = "FoodItem"
  case exerciseItem = "ExerciseItem"
  case customMeal = "CustomMeal"
  case dailyLog = "DailyLog"
  /// The user's goal, at `users/{uid}/profile/settings`.
  case userGoal = "UserGoal"
}

/// What `fromFirestoreData` must do with a document.
package enum DocumentExpectation: Sendable, Equatable, CustomStringConvertible {
  /// Decode without error.
  case accepted
  /// Throw `SyncError.missingField` for this field path (a required field absent or null).
  case missingField(String)
  /// Throw `SyncError.wrongType` for this field path.
  case wrongType(String)
  /// Throw `SyncError.invalidData` carrying a `DataViolation` of this field path and rule.
  case invalidData(String, rule: ValidationRule)

  /// How reports print it.
  package var description: String {
    switch self {
    case .accepted: return "accepted"
    case .missingField(let field): return "missingField(\(field))"
    case .wrongType(let field): return "wrongType(\(field))"
    case .invalidData(let field, let rule): return "invalidData(\(field), \(rule.rawValue))"
    }
  }
}

/// A document to decode, which model to decode it as, and what must happen.
package struct DocumentInput: Sendable, Equatable {
  /// The model to decode the document as.
  package var model: DocumentModel
  /// The document, as the SDK would hand it over.
  package var document: Document
  /// What decoding it must do.
  package var expectation: DocumentExpectation
  /// How the client hands it over (`.swift` unless a property says otherwise).
  package var shape: ClientShape = .swift

  /// The document as `fromFirestoreData` receives it from this input's client.
  package var dictionary: [String: Any] { document.dictionary(shape) }

  /// Creates a `DocumentInput` from its parts.
  package init(model: DocumentModel, document: Document, expectation: DocumentExpectation) {
    self.model = model
    self.document = document
    self.expectation = expectation
  }
}

extension DocumentExpectation {
  /// Whether decoding a `model` document ended as this expectation says.
  ///
  /// - Parameter error: what `fromFirestoreData` threw, or nil when it returned a model.
  /// - Returns: true for the right `SyncError` case naming exactly this model and field path (and,
  ///   for `invalidData`, this rule, read from its `DataViolation`, never from the message).
  func isMet(by error: (any Error)?, model: DocumentModel) -> Bool {
    guard let error else { return self == .accepted }
    let thrown = error as? SyncError
    switch (self, thrown) {
    case (.missingField(let field), .missingField(let thrownModel, let thrownField)?),
      (.wrongType(let field), .wrongType(let thrownModel, let thrownField, _)?):
      return thrownModel == model.rawValue && thrownField == field
    case (.invalidData(let field, let rule), _):
      guard let violation = thrown?.dataViolation else { return false }
      return violation.model == model.rawValue && violation.field == field && violation.rule == rule
    default:
      return false
    }
  }
}
