import CountMeContract
import CountMeCore
import Foundation
import Generators

extension Gen {
  static let ingredientRules: [(field: String, kinds: [ValidationRule])] = [
    ("name", [.empty]), ("quantity", [.nonPositive, .nonFinite]), ("unit", [.empty]),
    ("calories", BreakPlan.rangeKinds), ("protein", BreakPlan.rangeKinds),
    ("carbohydrates", BreakPlan.rangeKinds),
    ("fats", BreakPlan.rangeKinds),
  ]

  /// A valid quantity: finite and above 0, biased toward the smallest positive values.
  static let positiveQuantity: Generator<Double> = frequency([
    (3, int(in: 1...1_000, shrinkingToward: 1).map(Double.init)),
    (2, element(of: [Double.leastNonzeroMagnitude, 0.5, 0.25, 1e-9, 1e300, .greatestFiniteMagnitude])),
    (2, double(in: Double.leastNonzeroMagnitude...10_000)),
  ])

  /// Valid `Ingredient` arguments (tag `Ingredient.valid`).
  package static let validIngredient: Generator<Tagged<IngredientArguments>> =
    ingredient(plan: BreakPlan.valid(model: "Ingredient"))

  /// `Ingredient` arguments that break at least one rule of requirement 3 or DESIGN.md.
  package static let invalidIngredient: Generator<Tagged<IngredientArguments>> =
    ingredient(plan: BreakPlan.generator(model: "Ingredient", rules: ingredientRules))

  static func ingredient(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<IngredientArguments>> {
    let brokenQuantity = BreakPlan.brokenNumbers()
    let brokenCalories = BreakPlan.brokenNumbers(max: ValidationConstants.maxCalories)
    let brokenMacro = BreakPlan.brokenOptionals(max: ValidationConstants.maxMacroGrams)
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let name = try plan.value("name", &source, valid: visibleName) { _ in invisibleString }
      let quantity = try plan.value("quantity", &source, valid: positiveQuantity, broken: brokenQuantity)
      let unit = try plan.value("unit", &source, valid: Gen.unit) { _ in invisibleString }
      let calories = try plan.value("calories", &source, valid: validCalories, broken: brokenCalories)
      func macro(_ field: String) throws -> Double? {
        try plan.value(field, &source, valid: Gen.macro, broken: brokenMacro)
      }
      let arguments = IngredientArguments(
        id: try source.draw(uuid), name: name, quantity: quantity, unit: unit, calories: calories,
        protein: try macro("protein"), carbohydrates: try macro("carbohydrates"), fats: try macro("fats"))
      return Tagged(
        arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
