import CountMeCore
import Generators
import PropertyHarness

/// What a corpus case expects: accepted, rejected with which error and field, or (for a sync
/// scenario) the property holds.
public enum CorpusExpectation: Equatable, Sendable, CustomStringConvertible {
  case accepted
  /// `error` is a `ValidationError` case name (`caloriesExceedMax`) for model inputs, or
  /// `invalidData`, `missingField`, `wrongType` for documents; `field` the field or its path.
  case rejected(error: String, field: String)
  case holds

  public var json: JSON {
    switch self {
    case .accepted: return .object([("outcome", .string("accepted"))])
    case .holds: return .object([("outcome", .string("holds"))])
    case .rejected(let error, let field):
      return .object([("outcome", .string("rejected")), ("error", .string(error)), ("field", .string(field))])
    }
  }

  public init(json: JSON, path: String = "expect") throws {
    let r = try JSONReader(json, path: path)
    switch try r.string("outcome") {
    case "accepted": self = .accepted
    case "holds": self = .holds
    case "rejected": self = .rejected(error: try r.string("error"), field: try r.string("field"))
    case let other: throw r.fail("outcome", "expected accepted, rejected or holds, not \"\(other)\"")
    }
  }

  /// Parses the command-line form: `accepted`, `holds`, or `rejected:<error>:<field>`.
  public init?(spec: String) {
    let parts = spec.split(separator: ":", maxSplits: 2).map(String.init)
    switch (parts.first, parts.count) {
    case ("accepted", 1): self = .accepted
    case ("holds", 1): self = .holds
    case ("rejected", 3): self = .rejected(error: parts[1], field: parts[2])
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .accepted: return "accepted"
    case .holds: return "the property holds"
    case .rejected(let error, let field): return "rejected with \(error) for \(field)"
    }
  }

  /// The `ValidationError` case a violation names, e.g. `aboveMax` of `calories` is `caloriesExceedMax`.
  static func errorName(_ violation: Violation) -> String {
    let macros = ["protein", "carbohydrates", "fats"]
    switch (violation.kind, violation.field) {
    case (.empty, "unit"): return "emptyUnit"
    case (.empty, "ingredients"): return "emptyIngredients"
    case (.empty, _): return "emptyName"
    case (.negative, let field) where macros.contains(field): return "negativeMacro"
    case (.negative, "durationMinutes"): return "negativeDuration"
    case (.negative, "dailyGoal"): return "negativeGoal"
    case (.negative, _): return "negativeCalories"
    case (.aboveMax, let field) where macros.contains(field): return "macroExceedMax"
    case (.aboveMax, "durationMinutes"): return "durationExceedMax"
    case (.aboveMax, "dailyGoal"): return "goalExceedMax"
    case (.aboveMax, _): return "caloriesExceedMax"
    case (.nonPositive, "quantity"): return "nonPositiveQuantity"
    case (.nonPositive, _): return "nonPositiveServings"
    case (.nonFinite, _): return "nonFinite"
    }
  }
}
