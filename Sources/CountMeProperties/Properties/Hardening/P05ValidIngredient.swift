import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 5: Valid Ingredient construction succeeds (valid arguments build a model holding exactly them).
  static let validIngredient = ModelProperties.acceptance(
    "P5", "Valid Ingredient construction succeeds", validates: ["3.7"], Gen.validIngredient,
    ModelSchemas.ingredient, layer: .ingredients, make: { try $0.ingredients.makeIngredient($1) })
}
