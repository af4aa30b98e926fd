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

  /// A finite `value` in `0...max`, or the error for the first rule it breaks.
  static func range(
    _ value: Double, _ field: String, of model: String, max: Double,
    negative: (Double) -> ValidationError, aboveMax: (Double, Double) -> ValidationError
  ) throws {
    try finite(value, field, of: model)
    guard value >= 0 else { throw negative(value) }
    guard value <= max else { throw aboveMax(value, max) }
  }

  /// Calories (or calories burned) in `0...maxCalories`.
  static func calories(_ value: Double, field: String = "calories", of model: String) throws {
    try range(
      value, field, of: model, max: ValidationConstants.maxCalories,
      negative: { .negativeCalories(modelType: model, value: $0) },
      aboveMax: { .caloriesExceedMax(modelType: model, value: $0, max: $1) })
  }

  /// An optional macro in `0...maxMacroGrams`; `nil` is valid.
  static func macro(_ value: Double?, _ field: String, of model: String) throws {
    guard let value else { return }
    try range(
      value, field, of: model, max: ValidationConstants.maxMacroGrams,
      negative: { .negativeMacro(modelType: model, field: field, value: $0) },
      aboveMax: { .macroExceedMax(modelType: model, field: field, value: $0, max: $1) })
  }

  static func macros(protein: Double?, carbohydrates: Double?, fats: Double?, of model: String) throws {
    try macro(protein, "protein", of: model)
    try macro(carbohydrates, "carbohydrates", of: model)
    try macro(fats, "fats", of: model)
  }

  static func duration(_ value: Double?) throws {
    guard let value else { return }
    try range(
      value, "durationMinutes", of: "ExerciseItem", max: ValidationConstants.maxDurationMinutes,
      negative: { .negativeDuration(value: $0) }, aboveMax: { .durationExceedMax(value: $0, max: $1) })
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

  /// A daily log's calorie goal in `0...maxDailyGoal`; `nil` is valid.
  static func goal(_ value: Double?) throws {
    guard let value else { return }
    try range(
      value, "dailyGoal", of: "DailyLog", max: ValidationConstants.maxDailyGoal,
      negative: { .negativeGoal(value: $0) }, aboveMax: { .goalExceedMax(value: $0, max: $1) })
  }

  /// A user's calorie goal in `0...maxDailyGoal`: the daily log's rule, with `UserGoal`'s errors.
  static func userGoal(_ value: Double) throws {
    try range(
      value, "dailyCalorieGoal", of: "UserGoal", max: ValidationConstants.maxDailyGoal,
      negative: { .negativeUserGoal(value: $0) }, aboveMax: { .userGoalExceedMax(value: $0, max: $1) })
  }
}
