import Foundation
import Testing

@testable import CountMeCore

@Suite("Requirement 3: Ingredient constructor validation")
struct IngredientValidationTests {
  func make(
    name: String = "Oats", quantity: Double = 40, unit: String = "g", calories: Double = 150,
    protein: Double? = nil, carbohydrates: Double? = nil, fats: Double? = nil
  ) throws -> Ingredient {
    try Ingredient(
      id: Fixture.id, name: name, quantity: quantity, unit: unit, calories: calories,
      protein: protein, carbohydrates: carbohydrates, fats: fats)
  }

  @Test("3.1 an empty or whitespace-only name is rejected", arguments: Fixture.invisibleStrings)
  func emptyName(name: String) {
    expectValidationError(.emptyName(modelType: "Ingredient")) { try make(name: name) }
  }

  @Test("3.2 a non-positive quantity is rejected", arguments: [0, -0.0, -Double.leastNonzeroMagnitude, -1])
  func nonPositiveQuantity(value: Double) {
    expectValidationError(.nonPositiveQuantity(value: value)) { try make(quantity: value) }
  }

  @Test("3.3 an empty or whitespace-only unit is rejected", arguments: Fixture.invisibleStrings)
  func emptyUnit(unit: String) {
    expectValidationError(.emptyUnit) { try make(unit: unit) }
  }

  @Test("3.4 negative calories are rejected")
  func negativeCalories() {
    let value = -Double.leastNonzeroMagnitude
    expectValidationError(.negativeCalories(modelType: "Ingredient", value: value)) {
      try make(calories: value)
    }
  }

  @Test("3.5 calories above 50,000 are rejected")
  func caloriesAboveMax() {
    let value = 50_000.nextUp
    expectValidationError(.caloriesExceedMax(modelType: "Ingredient", value: value, max: 50_000)) {
      try make(calories: value)
    }
  }

  @Test("3.6 a negative macro is rejected", arguments: ["protein", "carbohydrates", "fats"])
  func negativeMacro(field: String) {
    expectValidationError(.negativeMacro(modelType: "Ingredient", field: field, value: -1)) {
      try make(
        protein: field == "protein" ? -1 : nil, carbohydrates: field == "carbohydrates" ? -1 : nil,
        fats: field == "fats" ? -1 : nil)
    }
  }

  @Test(
    "a macro above 10,000 grams is rejected (the design's rule for Ingredient too)",
    arguments: ["protein", "carbohydrates", "fats"])
  func macroAboveMax(field: String) {
    let value = 10_000.nextUp
    expectValidationError(.macroExceedMax(modelType: "Ingredient", field: field, value: value, max: 10_000)) {
      try make(
        protein: field == "protein" ? value : nil, carbohydrates: field == "carbohydrates" ? value : nil,
        fats: field == "fats" ? value : nil)
    }
  }

  @Test(
    "NaN and ±infinity are rejected in quantity, calories and macros",
    arguments: [Double.nan, .infinity, -.infinity])
  func nonFinite(value: Double) {
    expectValidationError(.nonFinite(modelType: "Ingredient", field: "quantity")) {
      try make(quantity: value)
    }
    expectValidationError(.nonFinite(modelType: "Ingredient", field: "calories")) {
      try make(calories: value)
    }
    expectValidationError(.nonFinite(modelType: "Ingredient", field: "fats")) { try make(fats: value) }
  }

  @Test(
    "3.7 values within range are accepted, boundaries included",
    arguments: [(Double.leastNonzeroMagnitude, 0.0), (1, -0.0), (1e300, 50_000)])
  func valid(quantity: Double, calories: Double) throws {
    let ingredient = try make(quantity: quantity, calories: calories, protein: 0, carbohydrates: 10_000)
    #expect(ingredient.quantity == quantity && ingredient.calories == calories)
  }
}
