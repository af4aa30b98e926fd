/// The kind of rule a value breaks, in the same words for a model and its document.
///
/// The kind of rule a value breaks: the same words for a model's initialiser and for its document,
/// so a property can tell "negative" from "not finite" without reading a message.
public enum ValidationRule: String, Sendable, CaseIterable, Codable {
  /// A name, unit or owner with no visible character, or a meal with no ingredients.
  case empty
  /// Below 0 where 0 is the least allowed.
  case negative
  /// Above the field's maximum.
  case aboveMax
  /// 0 or below where more than 0 is required (quantity, servings).
  case nonPositive
  /// NaN or ±infinity.
  case nonFinite
  /// A timestamp outside what Firestore holds (years 1 to 9999).
  case outOfRange
}

extension ValidationError {
  /// The kind of rule broken.
  public var rule: ValidationRule {
    switch self {
    case .emptyName, .emptyUnit, .emptyIngredients: return .empty
    case .negativeCalories, .negativeMacro, .negativeDuration, .negativeGoal, .negativeUserGoal:
      return .negative
    case .caloriesExceedMax, .macroExceedMax, .durationExceedMax, .goalExceedMax, .userGoalExceedMax:
      return .aboveMax
    case .nonPositiveQuantity, .nonPositiveServings: return .nonPositive
    case .nonFinite: return .nonFinite
    }
  }

  /// The case's name, e.g. `caloriesExceedMax`: how corpus files and reports name the error.
  public var name: String {
    switch self {
    case .emptyName: return "emptyName"
    case .negativeCalories: return "negativeCalories"
    case .caloriesExceedMax: return "caloriesExceedMax"
    case .negativeMacro: return "negativeMacro"
    case .macroExceedMax: return "macroExceedMax"
    case .negativeDuration: return "negativeDuration"
    case .durationExceedMax: return "durationExceedMax"
    case .nonPositiveQuantity: return "nonPositiveQuantity"
    case .emptyUnit: return "emptyUnit"
    case .emptyIngredients: return "emptyIngredients"
    case .nonPositiveServings: return "nonPositiveServings"
    case .negativeGoal: return "negativeGoal"
    case .goalExceedMax: return "goalExceedMax"
    case .negativeUserGoal: return "negativeUserGoal"
    case .userGoalExceedMax: return "userGoalExceedMax"
    case .nonFinite: return "nonFinite"
    }
  }

  /// The offending number, when the rule is about one (nil for names, units and ingredients, and
  /// for `nonFinite`, which names no value).
  public var value: Double? {
    switch self {
    case .negativeCalories(_, let value), .caloriesExceedMax(_, let value, _),
      .negativeMacro(_, _, let value),
      .macroExceedMax(_, _, let value, _), .negativeDuration(let value), .durationExceedMax(let value, _),
      .nonPositiveQuantity(let value), .nonPositiveServings(let value), .negativeGoal(let value),
      .goalExceedMax(let value, _), .negativeUserGoal(let value), .userGoalExceedMax(let value, _):
      return value
    case .emptyName, .emptyUnit, .emptyIngredients, .nonFinite: return nil
    }
  }
}
