import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 8: Invalid CustomMeal construction is rejected (invalid arguments are rejected with a `ValidationError` naming a rule they break).
  ///
  /// NB: besides the wording's name and servings rules, this draws empty ingredient lists too
  /// (requirement 4.2, which no other property covers).
  static let invalidCustomMeal = ModelProperties.rejection(
    "P8", "Invalid CustomMeal construction is rejected", validates: ["4.1", "4.2", "4.3"],
    Gen.invalidCustomMeal,
    ModelSchemas.customMeal, layer: .customMeals, make: { try $0.customMeals.makeCustomMeal($1) })
}
