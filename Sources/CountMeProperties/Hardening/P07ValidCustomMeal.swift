import Generators

extension Hardening {
  /// Property 7: Valid CustomMeal construction succeeds (valid arguments build a model holding exactly them).
  static let p7 = ModelProperties.acceptance(
    "P7", "Valid CustomMeal construction succeeds", validates: ["4.4"], Gen.validCustomMeal,
    ModelSchemas.customMeal, make: { try $0.makeCustomMeal($1) })
}
