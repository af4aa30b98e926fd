import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 1: Valid FoodItem construction succeeds (valid arguments build a model holding exactly them).
  static let validFoodItem = ModelProperties.acceptance(
    "P1", "Valid FoodItem construction succeeds", validates: ["1.6"], Gen.validFoodItem,
    ModelSchemas.foodItem, layer: .foodItems, make: { try $0.foodItems.makeFoodItem($1) })
}
