import Foundation

/// What the app's `Meal.init` refuses, in the app's own words.
public enum MealError: Error, Equatable, Sendable {
  /// The title has nothing a person would see.
  case blankName
  /// Calories outside 0...50,000, or not a number.
  case caloriesOutOfRange(Double)
  /// A macro outside 0...10,000 g, or not a number.
  case macroOutOfRange(field: String, value: Double)
}

/// The app's own food entry: the same data as CountMe's `FoodItem`, written the app's way (its own
/// names, its own checks, its own error type). It knows nothing of the harness.
public struct Meal: Sendable {
  /// Its identity.
  public let id: UUID
  /// What the user called it.
  public let title: String
  /// Kilocalories.
  public let kcal: Double
  /// When it was eaten.
  public let eatenAt: Date
  /// The portion as written.
  public let portion: String?
  /// The portion's unit.
  public let portionUnit: String?
  /// Where the entry came from.
  public let origin: String
  /// Grams of protein, if known.
  public let protein: Double?
  /// Grams of carbohydrates, if known.
  public let carbs: Double?
  /// Grams of fat, if known.
  public let fat: Double?
  /// The owner's uid.
  public let owner: String
  /// When it was last edited.
  public let editedAt: Date
  /// Its sync state.
  public let state: String

  /// How the app decides a title is blank: no scalar a person would see.
  public static func isBlank(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
      let properties = scalar.properties
      if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return false }
      switch properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return false
      default: return true
      }
    }
  }

  /// A meal as the user enters it: a new id, eaten and edited now, entered by hand, no portion or
  /// macros, no owner until sign-in, waiting to upload.
  public init(title: String, kcal: Double) throws(MealError) {
    let now = Date()
    try self.init(
      id: UUID(), title: title, kcal: kcal, eatenAt: now, portion: nil, portionUnit: nil, origin: "manual",
      protein: nil, carbs: nil, fat: nil, owner: "", editedAt: now, state: "pendingUpload")
  }

  /// A meal, checked: a title, 0 to 50,000 kcal, macros of 0 to 10,000 g, every number finite.
  public init(
    id: UUID, title: String, kcal: Double, eatenAt: Date, portion: String?, portionUnit: String?,
    origin: String,
    protein: Double?, carbs: Double?, fat: Double?, owner: String, editedAt: Date, state: String
  ) throws(MealError) {
    guard !Self.isBlank(title) else { throw .blankName }
    guard kcal.isFinite, (0...50_000).contains(kcal) else { throw .caloriesOutOfRange(kcal) }
    for (field, value) in [("protein", protein), ("carbohydrates", carbs), ("fats", fat)] {
      if let value, !(value.isFinite && (0...10_000).contains(value)) {
        throw .macroOutOfRange(field: field, value: value)
      }
    }
    self.id = id
    self.title = title
    self.kcal = kcal
    self.eatenAt = eatenAt
    self.portion = portion
    self.portionUnit = portionUnit
    self.origin = origin
    self.protein = protein
    self.carbs = carbs
    self.fat = fat
    self.owner = owner
    self.editedAt = editedAt
    self.state = state
  }
}
