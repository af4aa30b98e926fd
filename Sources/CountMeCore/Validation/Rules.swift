/// The validation rules of requirements 1–5 and DESIGN.md, written once.
///
/// Every initialiser calls these, and every deserialiser reaches them through the initialiser, so a
/// rule can't drift between the two boundaries. Each numeric check tests finiteness first, so NaN
/// and ±infinity never slip past a comparison.
enum Rules {
  static func name(_ name: String, of model: String) throws {
    guard VisibleText.hasVisibleCharacter(name) else { throw ValidationError.emptyName(modelType: model) }
  }

  static func unit(_ unit: String) throws {
    guard VisibleText.hasVisibleCharacter(unit) else { throw ValidationError.emptyUnit }
  }

  static func finite(_ value: Double, _ field: String, of model: String) throws {
    guard value.isFinite else { throw ValidationError.nonFinite(modelType: model, field: field) }
  }

  /// Calories (or calories burned) in `0...maxCalories`.
  static func calories(_ value: Double, field: String = "calories", of model: String) throws {
    try finite(value, field, of: model)
    guard value >= 0 else { throw ValidationError.negativeCalories(modelType: model, value: value) }
    let max = ValidationConstants.maxCalories
    guard value <= max else {
      throw ValidationError.caloriesExceedMax(modelType: model, value: value, max: max)
    }
  }

  /// An optional macro in `0...maxMacroGrams`; `nil` is valid.
  static func macro(_ value: Double?, _ field: String, of model: String) throws {
    guard let value else { return }
    try finite(value, field, of: model)
    guard value >= 0 else {
      throw ValidationError.negativeMacro(modelType: model, field: field, value: value)
    }
    let max = ValidationConstants.maxMacroGrams
    guard value <= max else {
      throw ValidationError.macroExceedMax(modelType: model, field: field, value: value, max: max)
    }
  }

  static func macros(protein: Double?, carbohydrates: Double?, fats: Double?, of model: String) throws {
    try macro(protein, "protein", of: model)
    try macro(carbohydrates, "carbohydrates", of: model)
    try macro(fats, "fats", of: model)
  }

  static func duration(_ value: Double?) throws {
    guard let value else { return }
    try finite(value, "durationMinutes", of: "ExerciseItem")
    guard value >= 0 else { throw ValidationError.negativeDuration(value: value) }
    let max = ValidationConstants.maxDurationMinutes
    guard value <= max else { throw ValidationError.durationExceedMax(value: value, max: max) }
  }

  static func quantity(_ value: Double) throws {
    try finite(value, "quantity", of: "Ingredient")
    guard value > 0 else { throw ValidationError.nonPositiveQuantity(value: value) }
  }

  static func servings(_ value: Double) throws {
    try finite(value, "servingsCount", of: "CustomMeal")
    guard value > 0 else { throw ValidationError.nonPositiveServings(value: value) }
  }

  static func ingredients(_ ingredients: [Ingredient]) throws {
    guard !ingredients.isEmpty else { throw ValidationError.emptyIngredients }
  }

  static func goal(_ value: Double?) throws {
    guard let value else { return }
    try finite(value, "dailyGoal", of: "DailyLog")
    guard value >= 0 else { throw ValidationError.negativeGoal(value: value) }
    let max = ValidationConstants.maxDailyGoal
    guard value <= max else { throw ValidationError.goalExceedMax(value: value, max: max) }
  }
}
