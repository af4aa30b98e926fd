import CountMeCore

/// A generated input with the tags that say what it is.
///
/// Tags read like `FoodItem.valid` or `FoodItem.invalid.calories.aboveMax`; `violations` lists
/// every rule the input breaks (empty for a valid input), so a property can check that the error it
/// gets is one the input predicts.
public struct Tagged<Value> {
  public let value: Value
  public let tags: [String]
  public let violations: [Violation]

  public init(_ value: Value, tags: [String], violations: [Violation] = []) {
    self.value = value
    self.tags = tags
    self.violations = violations
  }
}

extension Tagged: Sendable where Value: Sendable {}

/// A rule an input breaks: a field and how.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
  /// How a field breaks its rule: the core's own `ValidationRule`.
  public typealias Kind = ValidationRule

  public let model: String
  public let field: String
  public let kind: Kind

  public init(model: String, field: String, kind: Kind) {
    self.model = model
    self.field = field
    self.kind = kind
  }

  /// The violation a `ValidationError` reports.
  public init(_ error: ValidationError) {
    self.init(model: error.modelType, field: error.field, kind: error.rule)
  }

  /// The tag of an input that breaks this rule, e.g. `FoodItem.invalid.calories.aboveMax`.
  public var tag: String { "\(model).invalid.\(field).\(kind.rawValue)" }
  public var description: String { tag }
}
