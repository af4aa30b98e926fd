import Foundation

/// One ingredient of a `CustomMeal`: an amount of something, with its calories and macros.
public struct Ingredient: Equatable, Hashable, Sendable {
  public let id: UUID
  public let name: String
  public let quantity: Double
  public let unit: String
  public let calories: Double
  public let protein: Double?
  public let carbohydrates: Double?
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
