import CountMeContract
import CountMeCore
import Foundation
import Generators

extension Gen {
  static let mealRules: [(field: String, kinds: [ValidationRule])] = [
    ("name", [.empty]), ("ingredients", [.empty]), ("servingsCount", [.nonPositive, .nonFinite]),
  ]

  /// Valid ingredient lists: 1 to 12 valid ingredients.
  static let validIngredients: Generator<[IngredientArguments]> =
    array(of: validIngredient.map(\.value), count: 1...12, averageExtra: 2)

  static let validServings: Generator<Double> = frequency([(2, constant(1)), (3, positiveQuantity)])

  /// Valid `CustomMeal` arguments (tag `CustomMeal.valid`), every ingredient valid.
  package static let validCustomMeal: Generator<Tagged<CustomMealArguments>> =
    customMeal(plan: BreakPlan.valid(model: "CustomMeal"))

  /// `CustomMeal` arguments that break at least one rule, with valid ingredients.
  ///
  /// `CustomMeal` arguments that break at least one rule of requirement 4 or DESIGN.md (its
  /// ingredients stay valid: an invalid Ingredient can't be built to put in a meal).
  package static let invalidCustomMeal: Generator<Tagged<CustomMealArguments>> =
    customMeal(plan: BreakPlan.generator(model: "CustomMeal", rules: mealRules))

  static func customMeal(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<CustomMealArguments>> {
    let brokenServings = BreakPlan.brokenNumbers()
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let name = try plan.value("name", &source, valid: visibleName) { _ in invisibleString }
      let ingredients = try plan.value("ingredients", &source, valid: validIngredients) { _ in constant([]) }
      let servings = try plan.value("servingsCount", &source, valid: validServings, broken: brokenServings)
      let arguments = CustomMealArguments(
        id: try source.draw(uuid), name: name, ingredients: ingredients, createdAt: try source.draw(date),
        lastUsedAt: try source.draw(date), servingsCount: servings,
        userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(
        arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
