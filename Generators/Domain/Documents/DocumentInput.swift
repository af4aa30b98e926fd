import CountMeCore

/// The four models the app stores as Firestore documents.
public enum DocumentModel: String, CaseIterable, Sendable {
  case foodItem = "FoodItem"
  case exerciseItem = "ExerciseItem"
  case customMeal = "CustomMeal"
  case dailyLog = "DailyLog"
}

/// What `fromFirestoreData` must do with a document.
public enum DocumentExpectation: Sendable, Equatable, CustomStringConvertible {
  /// Decode without error.
  case accepted
  /// Throw `SyncError.missingField` for this field path (a required field absent or null).
  case missingField(String)
  /// Throw `SyncError.wrongType` for this field path.
  case wrongType(String)
  /// Throw `SyncError.invalidData` with a reason naming this field path.
  case invalidData(String)

  public var description: String {
    switch self {
    case .accepted: return "accepted"
    case .missingField(let field): return "missingField(\(field))"
    case .wrongType(let field): return "wrongType(\(field))"
    case .invalidData(let field): return "invalidData(\(field))"
    }
  }
}

/// A document to decode, which model to decode it as, and what must happen.
public struct DocumentInput: Sendable, Equatable {
  public var model: DocumentModel
  public var document: Document
  public var expectation: DocumentExpectation

  public init(model: DocumentModel, document: Document, expectation: DocumentExpectation) {
    self.model = model
    self.document = document
    self.expectation = expectation
  }
}

extension DocumentExpectation {
  /// Whether decoding a `model` document ended as this expectation says.
  ///
  /// - Parameter error: what `fromFirestoreData` threw, or nil when it returned a model.
  /// - Returns: true for the right `SyncError` case naming exactly this field path: for
  ///   `invalidData`, a reason that starts with `<Model>.<path>` followed by `:`, a space or its end
  ///   (so `ingredients` does not match a reason about `ingredients[0].quantity`).
  public func isMet(by error: (any Error)?, model: DocumentModel) -> Bool {
    guard let error else { return self == .accepted }
    switch (self, error as? SyncError) {
    case (.missingField(let field), .missingField(let thrownModel, let thrownField)?),
      (.wrongType(let field), .wrongType(let thrownModel, let thrownField, _)?):
      return thrownModel == model.rawValue && thrownField == field
    case (.invalidData(let field), .invalidData(let reason)?):
      let prefix = "\(model.rawValue).\(field)"
      guard reason.hasPrefix(prefix) else { return false }
      let rest = reason.dropFirst(prefix.count)
      return rest.isEmpty || rest.first == ":" || rest.first == " "
    default:
      return false
    }
  }
}
