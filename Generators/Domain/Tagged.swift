import CountMeContract
import CountMeCore

/// A generated input with the tags that say what it is.
///
/// Tags read like `FoodItem.valid` or `FoodItem.invalid.calories.aboveMax`; `violations` lists
/// every rule the input breaks (empty for a valid input), so a property can check that the error it
/// gets is one the input predicts.
public struct Tagged<Value> {
  /// The generated value.
  public let value: Value
  /// What the value is, e.g. `FoodItem.invalid.calories.aboveMax`.
  public let tags: [String]
  /// Every rule the value breaks; empty for a valid input.
  public let violations: [Violation]

  /// Creates a `Tagged` from its parts.
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

  /// The model whose rule is broken.
  public let model: String
  /// The field that breaks it.
  public let field: String
  /// How it breaks it.
  public let kind: Kind

  /// Creates a `Violation` from its parts.
  public init(model: String, field: String, kind: Kind) {
    self.model = model
    self.field = field
    self.kind = kind
    tag = "\(model).invalid.\(field).\(kind.rawValue)"
  }

  /// The violation a `ValidationError` reports.
  public init(_ error: ValidationError) {
    self.init(model: error.modelType, field: error.field, kind: error.rule)
  }

  /// The tag of an input that breaks this rule, e.g. `FoodItem.invalid.calories.aboveMax`.
  ///
  /// NB: stored, made once with the violation: a generator that picks from violations it made up
  /// front then tags its inputs without building a string per case.
  public let tag: String
  /// How reports print it.
  public var description: String { tag }
}
