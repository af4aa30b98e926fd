import CountMeContract
import CountMeCore
import Foundation
import Generators

extension Gen {
  static let foodRules: [(field: String, kinds: [ValidationRule])] = [
    ("name", [.empty]), ("calories", BreakPlan.rangeKinds), ("protein", BreakPlan.rangeKinds),
    ("carbohydrates", BreakPlan.rangeKinds), ("fats", BreakPlan.rangeKinds),
  ]

  static let servingSize: Generator<String?> = optional(element(of: ["1", "100", "½", "2.5", "a handful"]))
  static let servingUnit: Generator<String?> = optional(unit)

  /// Valid `FoodItem` arguments (tag `FoodItem.valid`): boundary-biased numbers, optional fields
  /// sometimes nil.
  ///
  /// Shrinks toward name "a", 0 calories, every optional nil.
  package static let validFoodItem: Generator<Tagged<FoodItemArguments>> =
    foodItem(plan: BreakPlan.valid(model: "FoodItem"))

  /// `FoodItem` arguments that break at least one rule of requirement 1 or DESIGN.md, tagged
  /// `FoodItem.invalid.<field>.<kind>` for every rule they break.
  package static let invalidFoodItem: Generator<Tagged<FoodItemArguments>> =
    foodItem(plan: BreakPlan.generator(model: "FoodItem", rules: foodRules))

  static func foodItem(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<FoodItemArguments>> {
    let brokenCalories = BreakPlan.brokenNumbers(max: ValidationConstants.maxCalories)
    let brokenMacro = BreakPlan.brokenOptionals(max: ValidationConstants.maxMacroGrams)
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let name = try plan.value("name", &source, valid: visibleName) { _ in invisibleString }
      let calories = try plan.value("calories", &source, valid: validCalories, broken: brokenCalories)
      func macro(_ field: String) throws -> Double? {
        try plan.value(field, &source, valid: Gen.macro, broken: brokenMacro)
      }
      let arguments = FoodItemArguments(
        id: try source.draw(uuid), name: name, calories: calories, timestamp: try source.draw(date),
        servingSize: try source.draw(servingSize), servingUnit: try source.draw(servingUnit),
        source: try source.draw(foodSource),
        protein: try macro("protein"), carbohydrates: try macro("carbohydrates"), fats: try macro("fats"),
        userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
