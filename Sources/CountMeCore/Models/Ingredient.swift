import Foundation

/// One ingredient of a `CustomMeal`: an amount of something, with its calories and macros.
public struct Ingredient: Equatable, Hashable, Sendable {
  /// Its identity, stable across devices.
  public let id: UUID
  /// The name a person sees.
  public let name: String
  /// How much, greater than 0.
  public let quantity: Double
  /// The unit of `quantity`, such as "g".
  public let unit: String
  /// Energy in kilocalories, `0...maxCalories`.
  public let calories: Double
  /// Protein in grams, `0...maxMacroGrams`, or nil when unknown.
  public let protein: Double?
  /// Carbohydrates in grams, `0...maxMacroGrams`, or nil when unknown.
  public let carbohydrates: Double?
  /// Fats in grams, `0...maxMacroGrams`, or nil when unknown.
  public let fats: Double?

  /// Creates an ingredient, checking requirement 3.
  ///
  /// - Throws: `ValidationError` when the name or unit has no visible character, the quantity is
  ///   not above 0, calories are outside `0...maxCalories`, a macro is outside `0...maxMacroGrams`,
  ///   or a number is not finite.
  public init(
    id: UUID = UUID(), name: String, quantity: Double, unit: String, calories: Double,
    protein: Double? = nil, carbohydrates: Double? = nil, fats: Double? = nil
  ) throws {
    let model = "Ingredient"
    try Rules.name(name, of: model)
    try Rules.quantity(quantity)
    try Rules.unit(unit)
    try Rules.calories(calories, of: model)
    try Rules.macros(protein: protein, carbohydrates: carbohydrates, fats: fats, of: model)
    self.id = id
    self.name = name
    self.quantity = quantity
    self.unit = unit
    self.calories = calories
    self.protein = protein
    self.carbohydrates = carbohydrates
    self.fats = fats
  }
}

extension Ingredient: Codable {
  /// Decodes through the validating initialiser, so decoding can't build an invalid ingredient.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(UUID.self, forKey: .id), name: c.decode(String.self, forKey: .name),
      quantity: c.decode(Double.self, forKey: .quantity), unit: c.decode(String.self, forKey: .unit),
      calories: c.decode(Double.self, forKey: .calories),
      protein: c.decodeIfPresent(Double.self, forKey: .protein),
      carbohydrates: c.decodeIfPresent(Double.self, forKey: .carbohydrates),
      fats: c.decodeIfPresent(Double.self, forKey: .fats))
  }
}
