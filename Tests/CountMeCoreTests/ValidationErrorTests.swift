import Foundation
import Testing

@testable import CountMeCore

@Suite("ValidationError descriptions")
struct ValidationErrorTests {
  static let cases: [(ValidationError, [String])] = [
    (.emptyName(modelType: "FoodItem"), ["FoodItem", "name"]),
    (.negativeCalories(modelType: "Ingredient", value: -1.5), ["Ingredient", "calories", "-1.5"]),
    (
      .caloriesExceedMax(modelType: "ExerciseItem", value: 50_001, max: 50_000),
      ["ExerciseItem", "caloriesBurned", "50001.0", "50000.0"]
    ),
    (.negativeMacro(modelType: "FoodItem", field: "fats", value: -2), ["FoodItem", "fats", "-2.0"]),
    (
      .macroExceedMax(modelType: "Ingredient", field: "protein", value: 10_001, max: 10_000),
      ["Ingredient", "protein", "10001.0"]
    ),
    (.negativeDuration(value: -3), ["ExerciseItem", "durationMinutes", "-3.0"]),
    (.durationExceedMax(value: 1_441, max: 1_440), ["ExerciseItem", "durationMinutes", "1441.0", "1440.0"]),
    (.nonPositiveQuantity(value: 0), ["Ingredient", "quantity", "0.0"]),
    (.emptyUnit, ["Ingredient", "unit"]),
    (.emptyIngredients, ["CustomMeal", "ingredients"]),
    (.nonPositiveServings(value: -1), ["CustomMeal", "servingsCount", "-1.0"]),
    (.negativeGoal(value: -5), ["DailyLog", "dailyGoal", "-5.0"]),
    (
      .goalExceedMax(value: 60_000, max: 50_000), ["DailyLog", "dailyGoal", "60000.0"]
    ),
    (.negativeUserGoal(value: -1), ["UserGoal", "dailyCalorieGoal", "-1.0"]),
    (
      .userGoalExceedMax(value: 50_001, max: 50_000),
      ["UserGoal", "dailyCalorieGoal", "50001.0", "50000.0"]
    ),
    (.nonFinite(modelType: "FoodItem", field: "protein"), ["FoodItem", "protein", "finite"]),
  ]

  @Test("every description names the model, the field and the offending value", arguments: cases)
  func describes(error: ValidationError, words: [String]) throws {
    let text = try #require(error.errorDescription)
    for word in words { #expect(text.contains(word), "\(text) lacks \(word)") }
  }
}
