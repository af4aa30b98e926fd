import CountMeCore

/// A custom meal's totals, as the app shows them: the sums over its ingredients, and the calories
/// of one serving.
public struct MealTotals: Equatable, Sendable {
  /// Calories of the whole meal.
  public var calories: Double
  /// Grams of protein of the whole meal.
  public var protein: Double
  /// Grams of carbohydrates of the whole meal.
  public var carbohydrates: Double
  /// Grams of fats of the whole meal.
  public var fats: Double
  /// Calories of one serving.
  public var caloriesPerServing: Double

  /// Creates a `MealTotals` from its parts.
  public init(
    calories: Double, protein: Double, carbohydrates: Double, fats: Double, caloriesPerServing: Double
  ) {
    self.calories = calories
    self.protein = protein
    self.carbohydrates = carbohydrates
    self.fats = fats
    self.caloriesPerServing = caloriesPerServing
  }
}

/// A daily log's totals, as the app shows them: calories eaten, burned, and the difference.
public struct LogTotals: Equatable, Sendable {
  /// Calories of the day's food items.
  public var eaten: Double
  /// Calories of the day's exercise items.
  public var burned: Double
  /// Eaten minus burned.
  public var net: Double

  /// Creates a `LogTotals` from its parts.
  public init(eaten: Double, burned: Double, net: Double) {
    self.eaten = eaten
    self.burned = burned
    self.net = net
  }
}
