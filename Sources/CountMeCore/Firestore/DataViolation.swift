import Foundation

/// A document value of the right type that breaks a rule, as data.
///
/// The model, the field's path in the document (`ingredients[1].quantity`), the rule, and the value.
///
/// `SyncError.invalidData(reason:)` carries it as its `reason`, whose first words are these fields
/// (`FoodItem.calories aboveMax 50001.0: …`), and `SyncError.dataViolation` reads them back exactly;
/// the human explanation after the colon is derived from them. An app that matches on
/// `invalidData(reason:)` keeps working; a property compares the fields.
public struct DataViolation: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The model decoded, e.g. `CustomMeal`.
  public let model: String
  /// The field's path in the document, e.g. `ingredients[1].quantity`.
  public let field: String
  /// The rule the value breaks.
  public let rule: ValidationRule
  /// The offending value as one token: a number (`50001.0`, `nan`), a quoted string, a timestamp
  /// (`253402300800s0ns`), or `[]`.
  public let value: String
  /// What a person reads: the rule in words.
  public let detail: String

  /// Creates a `DataViolation` from its parts.
  public init(model: String, field: String, rule: ValidationRule, value: String, detail: String) {
    self.model = model
    self.field = field
    self.rule = rule
    self.value = value
    self.detail = detail
  }

  /// `<Model>.<path> <rule> <value>: <detail>`.
  public var reason: String { "\(model).\(field) \(rule.rawValue) \(value): \(detail)" }

  /// How reports print it.
  public var description: String { reason }

  /// Reads a `reason` back; nil for text of another form (a reason an older client wrote by hand).
  public init?(reason: String) {
    var rest = Substring(reason)
    func word() -> Substring? {
      guard let space = rest.firstIndex(of: " ") else { return nil }
      defer { rest = rest[rest.index(after: space)...] }
      return rest[..<space]
    }
    guard let path = word(), let dot = path.firstIndex(of: "."), let ruleName = word(),
      let rule = ValidationRule(rawValue: String(ruleName)), let value = Self.token(&rest),
      rest.hasPrefix(": ")
    else { return nil }
    self.init(
      model: String(path[..<dot]), field: String(path[path.index(after: dot)...]), rule: rule, value: value,
      detail: String(rest.dropFirst(2)))
  }

  /// A number as a value token.
  public static func token(_ number: Double) -> String { "\(number)" }

  /// A string as a value token: quoted, with `\` and `"` escaped.
  public static func token(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      + "\""
  }

  /// Reads one value token from the front of `text` (a quoted string, or up to the next `:`).
  private static func token(_ text: inout Substring) -> String? {
    guard text.first == "\"" else {
      guard let colon = text.firstIndex(of: ":") else { return nil }
      defer { text = text[colon...] }
      return String(text[..<colon])
    }
    var index = text.index(after: text.startIndex)
    var escaped = false
    while index < text.endIndex {
      let character = text[index]
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        let end = text.index(after: index)
        defer { text = text[end...] }
        return String(text[..<end])
      }
      index = text.index(after: index)
    }
    return nil
  }
}

extension SyncError {
  /// `invalidData` carrying `violation` as its reason.
  public static func invalidData(_ violation: DataViolation) -> SyncError {
    .invalidData(reason: violation.reason)
  }

  /// The violation an `invalidData` error carries; nil for other errors and for a reason of another form.
  public var dataViolation: DataViolation? {
    guard case .invalidData(let reason) = self else { return nil }
    return DataViolation(reason: reason)
  }
}
