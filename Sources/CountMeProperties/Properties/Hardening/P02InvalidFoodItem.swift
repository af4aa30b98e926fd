import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 2: Invalid FoodItem construction is rejected (invalid arguments are rejected with a `ValidationError` naming a rule they break).
  static let invalidFoodItem = ModelProperties.rejection(
    "P2", "Invalid FoodItem construction is rejected", validates: ["1.1", "1.2", "1.3", "1.4", "1.5"],
    Gen.invalidFoodItem,
    ModelSchemas.foodItem, layer: .foodItems, make: { try $0.foodItems.makeFoodItem($1) })
}
