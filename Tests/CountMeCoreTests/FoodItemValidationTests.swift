import Foundation
import Testing

@testable import CountMeCore

@Suite("Requirement 1: FoodItem constructor validation")
struct FoodItemValidationTests {
  func make(
    name: String = "Oats", calories: Double = 150, protein: Double? = nil,
    carbohydrates: Double? = nil, fats: Double? = nil
  ) throws -> FoodItem {
    try FoodItem(
      id: Fixture.id, name: name, calories: calories, timestamp: Fixture.date, protein: protein,
      carbohydrates: carbohydrates, fats: fats, lastModified: Fixture.date)
  }

  @Test("1.1 an empty or whitespace-only name is rejected", arguments: Fixture.invisibleStrings)
  func emptyName(name: String) {
    expectValidationError(.emptyName(modelType: "FoodItem")) { try make(name: name) }
  }

  @Test("1.2 negative calories are rejected", arguments: [-Double.leastNonzeroMagnitude, -1, -50_000.5])
  func negativeCalories(value: Double) {
    expectValidationError(.negativeCalories(modelType: "FoodItem", value: value)) {
      try make(calories: value)
    }
  }

  @Test(
    "1.3 calories above 50,000 are rejected",
    arguments: [50_000.nextUp, 50_001, Double.greatestFiniteMagnitude])
  func caloriesAboveMax(value: Double) {
    expectValidationError(.caloriesExceedMax(modelType: "FoodItem", value: value, max: 50_000)) {
      try make(calories: value)
    }
  }

  @Test("1.4 a negative macro is rejected", arguments: ["protein", "carbohydrates", "fats"])
  func negativeMacro(field: String) {
    let value = -Double.leastNonzeroMagnitude
    expectValidationError(.negativeMacro(modelType: "FoodItem", field: field, value: value)) {
      try make(
        protein: field == "protein" ? value : 1, carbohydrates: field == "carbohydrates" ? value : nil,
        fats: field == "fats" ? value : 0)
    }
  }

  @Test("1.5 a macro above 10,000 grams is rejected", arguments: ["protein", "carbohydrates", "fats"])
  func macroAboveMax(field: String) {
    let value = 10_000.nextUp
    expectValidationError(.macroExceedMax(modelType: "FoodItem", field: field, value: value, max: 10_000)) {
      try make(
        protein: field == "protein" ? value : nil, carbohydrates: field == "carbohydrates" ? value : 10_000,
        fats: field == "fats" ? value : nil)
    }
  }

  @Test(
    "NaN and ±infinity are rejected in every numeric field",
    arguments: [Double.nan, .infinity, -.infinity], ["calories", "protein", "carbohydrates", "fats"])
  func nonFinite(value: Double, field: String) {
    expectValidationError(.nonFinite(modelType: "FoodItem", field: field)) {
      try make(
        calories: field == "calories" ? value : 1, protein: field == "protein" ? value : nil,
        carbohydrates: field == "carbohydrates" ? value : nil, fats: field == "fats" ? value : nil)
    }
  }

  @Test(
    "1.6 values within range are accepted, boundaries included",
    arguments: [0, -0.0, Double.leastNonzeroMagnitude, 1, 50_000.nextDown, 50_000])
  func validCalories(value: Double) throws {
    let item = try make(calories: value, protein: 0, carbohydrates: 10_000, fats: -0.0)
    #expect(item.calories == value)
    #expect(item.protein == 0 && item.carbohydrates == 10_000 && item.fats == 0)
  }

  @Test("1.6 a name with any visible character is accepted", arguments: Fixture.visibleStrings)
  func visibleName(name: String) throws {
    #expect(try make(name: name).name == name)
  }

  @Test("1.6 every argument is stored as given")
  func storesArguments() throws {
    let item = try FoodItem(
      id: Fixture.id, name: "Oats", calories: 150, timestamp: Fixture.date, servingSize: "1",
      servingUnit: "cup",
      source: .api, protein: 5, carbohydrates: 27, fats: 3, userId: Fixture.owner,
      lastModified: Fixture.later,
      syncStatus: .synced)
    #expect(item.id == Fixture.id && item.name == "Oats" && item.calories == 150)
    #expect(item.timestamp == Fixture.date && item.lastModified == Fixture.later)
    #expect(item.servingSize == "1" && item.servingUnit == "cup" && item.source == .api)
    #expect(item.protein == 5 && item.carbohydrates == 27 && item.fats == 3)
    #expect(item.userId == Fixture.owner && item.syncStatus == .synced)
  }

  @Test("the app's defaults apply: manual source, pending upload, no owner, no macros")
  func defaults() throws {
    let item = try FoodItem(name: "Apple", calories: 95)
    #expect(item.source == .manual && item.syncStatus == .pendingUpload && item.userId == "")
    #expect(item.servingSize == nil && item.protein == nil && item.carbohydrates == nil && item.fats == nil)
  }

  @Test("the name is checked before the numbers when several rules break")
  func firstBrokenRuleWins() {
    expectValidationError(.emptyName(modelType: "FoodItem")) { try make(name: " ", calories: -1) }
  }
}
