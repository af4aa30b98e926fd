import CountMeCore
import Foundation

/// Every argument of `Ingredient.init`, in its order: an input for properties 5 and 6.
public struct IngredientArguments: Sendable, Equatable {
  /// Its identity, stable across devices.
  public var id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// The name a person sees.
  public var name: String = ""
  /// How much, greater than 0.
  public var quantity: Double = 0
  /// The unit of `quantity`, such as "g".
  public var unit: String = ""
  /// Energy in kilocalories, `0...maxCalories`.
  public var calories: Double = 0
  /// Protein in grams, `0...maxMacroGrams`, or nil when unknown.
  public var protein: Double?
  /// Carbohydrates in grams, `0...maxMacroGrams`, or nil when unknown.
  public var carbohydrates: Double?
  /// Fats in grams, `0...maxMacroGrams`, or nil when unknown.
  public var fats: Double?

  /// A blank value, every field at its simplest (nil UUID, empty, 0, nil, 1970), for a decoder
  /// to fill in field by field.
  public init() {}

  /// Creates an `IngredientArguments` from its parts: an adapter's way to hand over its model, with the
  /// compiler checking that it names every field.
  ///
  /// NB: the body repeats `Ingredient.init`'s assignments on purpose: this value must be able to
  /// hold what the model refuses, and Swift writes no public memberwise initialiser.
  public init(
    id: UUID, name: String, quantity: Double, unit: String, calories: Double, protein: Double?,
    carbohydrates: Double?, fats: Double?
  ) {
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
