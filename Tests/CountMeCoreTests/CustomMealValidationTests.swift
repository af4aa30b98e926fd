import Foundation
import Testing

@testable import CountMeCore

@Suite("Requirement 4: CustomMeal constructor validation")
struct CustomMealValidationTests {
  let ingredients = Fixture.meal.ingredients

  func make(name: String = "Porridge", ingredients: [Ingredient]? = nil, servings: Double = 1) throws
    -> CustomMeal
  {
    try CustomMeal(
      id: Fixture.id, name: name, ingredients: ingredients ?? self.ingredients,
      createdAt: Fixture.date, lastUsedAt: Fixture.date, servingsCount: servings,
      lastModified: Fixture.date)
  }

  @Test("4.1 an empty or whitespace-only name is rejected", arguments: Fixture.invisibleStrings)
  func emptyName(name: String) {
    expectValidationError(.emptyName(modelType: "CustomMeal")) { try make(name: name) }
  }

  @Test("4.2 an empty ingredients array is rejected")
  func emptyIngredients() {
    expectValidationError(.emptyIngredients) { try make(ingredients: []) }
  }

  @Test(
    "4.3 a non-positive servingsCount is rejected", arguments: [0, -0.0, -Double.leastNonzeroMagnitude, -2])
  func nonPositiveServings(value: Double) {
    expectValidationError(.nonPositiveServings(value: value)) { try make(servings: value) }
  }

  @Test("NaN and ±infinity servings are rejected", arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteServings(value: Double) {
    expectValidationError(.nonFinite(modelType: "CustomMeal", field: "servingsCount")) {
      try make(servings: value)
    }
  }

  @Test(
    "4.4 a named meal with ingredients and positive servings is accepted",
    arguments: [Double.leastNonzeroMagnitude, 0.5, 1, 1e6])
  func valid(servings: Double) throws {
    let meal = try make(servings: servings)
    #expect(meal.servingsCount == servings && meal.ingredients == ingredients)
  }

  @Test("servingsCount defaults to 1, and the totals sum the ingredients")
  func totals() throws {
    let meal = try CustomMeal(name: "Porridge", ingredients: ingredients)
    #expect(meal.servingsCount == 1)
    #expect(Fixture.meal.totalCalories == 250 && Fixture.meal.caloriesPerServing == 125)
    #expect(
      Fixture.meal.totalProtein == 11.5 && Fixture.meal.totalCarbohydrates == 9.5
        && Fixture.meal.totalFats == 3.25)
  }
}
