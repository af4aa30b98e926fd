import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 6: Invalid Ingredient construction is rejected (invalid arguments are rejected with a `ValidationError` naming a rule they break).
  static let invalidIngredient = ModelProperties.rejection(
    "P6", "Invalid Ingredient construction is rejected",
    validates: ["3.1", "3.2", "3.3", "3.4", "3.5", "3.6"], Gen.invalidIngredient,
    ModelSchemas.ingredient, layer: .ingredients, make: { try $0.ingredients.makeIngredient($1) })
}
