import CountMeContract
import CountMeCore
import PropertyHarness

/// One way an input may be rejected: the error case, the field, and the model when it matters.
///
/// One way an input may be rejected: the error case and the field it must name, and the model when
/// it matters (a property knows it; a corpus file leaves it to the property).
public struct Rejection: Equatable, Sendable, CustomStringConvertible {
  /// The model, when it matters.
  public let model: String?
  /// A `ValidationError` case name (`caloriesExceedMax`), or `invalidData`, `missingField`, `wrongType`.
  public let error: String
  /// The field, or its path inside the document (`ingredients[1].quantity`).
  public let field: String
  /// The `ValidationRule` broken, when the error says (compared when an expectation gives it).
  public let rule: ValidationRule?

  /// Creates a `Rejection` from its parts.
  public init(model: String?, error: String, field: String, rule: ValidationRule? = nil) {
    self.model = model
    self.error = error
    self.field = field
    self.rule = rule
  }

  /// The rule as a corpus file records it: for `invalidData` only, since a `ValidationError`'s
  /// name (`caloriesExceedMax`) already says it.
  var corpusRule: String? { error == "invalidData" ? rule?.rawValue : nil }

  /// How reports print it.
  public var description: String {
    "\(error) for \(model.map { "\($0)." } ?? "")\(field)" + (rule.map { " (\($0.rawValue))" } ?? "")
  }
}
