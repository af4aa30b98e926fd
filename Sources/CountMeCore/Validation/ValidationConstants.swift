/// The thresholds of requirements 1–5, defined once and used by every initialiser and deserialiser.
///
/// A value *equal* to a maximum is valid; the requirements reject values "exceeding" it.
public enum ValidationConstants {
  /// Upper bound for calories (or calories burned) of any single item.
  public static let maxCalories: Double = 50_000
  /// Upper bound for protein, carbohydrates and fats, in grams.
  public static let maxMacroGrams: Double = 10_000
  /// Upper bound for an exercise's duration: 24 hours, in minutes.
  public static let maxDurationMinutes: Double = 1_440
  /// Upper bound for a day's calorie goal.
  public static let maxDailyGoal: Double = 50_000
}
