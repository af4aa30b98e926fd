import CountMeContract
import CountMeCore
import CountMeGenerators
import Generators
import PropertyHarness

/// What a corpus case expects: accepted, rejected with which error and field, or (for a sync
/// scenario) the property holds.
public enum CorpusExpectation: Equatable, Sendable, CustomStringConvertible {
  case accepted
  /// Rejected with `error`, naming `field`, and for `invalidData` the `rule`.
  ///
  /// `error` is a `ValidationError` case name (`caloriesExceedMax`) for model inputs, or
  /// `invalidData`, `missingField`, `wrongType` for documents; `field` the field or its path;
  /// `rule`, for `invalidData`, the `ValidationRule` broken (compared when given).
  case rejected(error: String, field: String, rule: String? = nil)
  case holds
  /// The property is broken by this input: the counterexample of a known finding.
  ///
  /// The property is broken by this input: the counterexample of a known finding of its policy,
  /// kept to show the finding (a case that stops breaking it fails, so the finding's fix is seen).
  case broken

  /// As the file stores it.
  public var json: JSON {
    switch self {
    case .accepted: return .object([("outcome", .string("accepted"))])
    case .holds: return .object([("outcome", .string("holds"))])
    case .broken: return .object([("outcome", .string("broken"))])
    case .rejected(let error, let field, let rule):
      var members: [(String, JSON)] = [
        ("outcome", .string("rejected")), ("error", .string(error)), ("field", .string(field)),
      ]
      if let rule { members.append(("rule", .string(rule))) }
      return .object(members)
    }
  }

  /// Creates a `CorpusExpectation` from its parts.
  public init(json: JSON, path: String = "expect") throws {
    let r = try JSONReader(json, path: path)
    switch try r.string("outcome") {
    case "accepted": self = .accepted
    case "holds": self = .holds
    case "broken": self = .broken
    case "rejected":
      let rule = try r.optionalString("rule")
      if let rule, ValidationRule(rawValue: rule) == nil {
        throw r.fail("rule", "expected one of \(ValidationRule.allCases.map(\.rawValue))")
      }
      self = .rejected(error: try r.string("error"), field: try r.string("field"), rule: rule)
    case let other: throw r.fail("outcome", "expected accepted, rejected, holds or broken, not \"\(other)\"")
    }
  }

  /// Parses the command-line form: `accepted`, `holds`, or `rejected:<error>:<field>[:<rule>]`.
  public init?(spec: String) {
    let parts = spec.split(separator: ":", maxSplits: 3).map(String.init)
    switch (parts.first, parts.count) {
    case ("accepted", 1): self = .accepted
    case ("holds", 1): self = .holds
    case ("broken", 1): self = .broken
    case ("rejected", 3): self = .rejected(error: parts[1], field: parts[2])
    case ("rejected", 4) where ValidationRule(rawValue: parts[3]) != nil:
      self = .rejected(error: parts[1], field: parts[2], rule: parts[3])
    default: return nil
    }
  }

  /// How reports print it.
  public var description: String {
    switch self {
    case .accepted: return "accepted"
    case .holds: return "the property holds"
    case .broken: return "the property broken (a known finding)"
    case .rejected(let error, let field, let rule):
      return "rejected with \(error) for \(field)" + (rule.map { " (\($0))" } ?? "")
    }
  }

  /// The `ValidationError` case a violation names.
  ///
  /// E.g. `aboveMax` of `calories` is `caloriesExceedMax`; a rule CountMeCore has no case for is named as it
  /// is.
  static func errorName(_ violation: Violation) -> String {
    let macros = ["protein", "carbohydrates", "fats"]
    guard let kind = violation.kind else { return violation.rule }
    switch (kind, violation.field) {
    case (.empty, "unit"): return "emptyUnit"
    case (.empty, "ingredients"): return "emptyIngredients"
    case (.empty, _): return "emptyName"
    case (.negative, let field) where macros.contains(field): return "negativeMacro"
    case (.negative, "durationMinutes"): return "negativeDuration"
    case (.negative, "dailyGoal"): return "negativeGoal"
    case (.negative, "dailyCalorieGoal"): return "negativeUserGoal"
    case (.negative, _): return "negativeCalories"
    case (.aboveMax, let field) where macros.contains(field): return "macroExceedMax"
    case (.aboveMax, "durationMinutes"): return "durationExceedMax"
    case (.aboveMax, "dailyGoal"): return "goalExceedMax"
    case (.aboveMax, "dailyCalorieGoal"): return "userGoalExceedMax"
    case (.aboveMax, _): return "caloriesExceedMax"
    case (.nonPositive, "quantity"): return "nonPositiveQuantity"
    case (.nonPositive, _): return "nonPositiveServings"
    case (.nonFinite, _): return "nonFinite"
    case (.outOfRange, _): return "outOfRange"
    }
  }
}
