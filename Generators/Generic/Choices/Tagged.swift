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

/// A rule an input breaks, named by the model, the field and the rule.
///
/// The engine keeps rules by name, so it knows nothing of the system's rule types; a domain
/// extends `Violation` with its own (CountMe's `ValidationRule`).
public struct Violation: Hashable, Sendable, CustomStringConvertible {
  /// The model whose rule is broken.
  public let model: String
  /// The field that breaks it.
  public let field: String
  /// The rule's name, e.g. `aboveMax`.
  public let rule: String

  /// Creates a `Violation` from its parts.
  public init(model: String, field: String, rule: String) {
    self.model = model
    self.field = field
    self.rule = rule
    tag = "\(model).invalid.\(field).\(rule)"
  }

  /// The tag of an input that breaks this rule, e.g. `FoodItem.invalid.calories.aboveMax`.
  ///
  /// NB: stored, made once with the violation: a generator that picks from violations it made up
  /// front then tags its inputs without building a string per case.
  public let tag: String
  /// How reports print it.
  public var description: String { tag }
}
