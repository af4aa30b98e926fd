import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 7: Valid CustomMeal construction succeeds (valid arguments build a model holding exactly them).
  static let validCustomMeal = ModelProperties.acceptance(
    "P7", "Valid CustomMeal construction succeeds", validates: ["4.4"], Gen.validCustomMeal,
    ModelSchemas.customMeal, layer: .customMeals, make: { try $0.customMeals.makeCustomMeal($1) })
}
