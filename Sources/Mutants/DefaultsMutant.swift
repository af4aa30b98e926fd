import CountMeContract
import CountMeCore
import Foundation

/// One wrong default in a new model; the models themselves are the reference.
struct DefaultsMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A new meal is made for two servings.
    case mealTwoServings
    /// A new food item starts out synced, so it is never uploaded.
    case newFoodItemSynced

    /// The model whose convenience initialiser holds the bug.
    var layer: Layer { self == .newFoodItemSynced ? .foodItems : .customMeals }
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments {
    var item = try ReferenceSystem().newFoodItem(name: name, calories: calories)
    if bug == .newFoodItemSynced { item.syncStatus = .synced }
    return item
  }

  func newCustomMeal(name: String, ingredients: [IngredientArguments]) throws -> CustomMealArguments {
    var meal = try ReferenceSystem().newCustomMeal(name: name, ingredients: ingredients)
    if bug == .mealTwoServings { meal.servingsCount = 2 }
    return meal
  }
}
