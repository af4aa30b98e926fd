import CountMeCore
import Foundation

/// Every argument of `FoodItem.init`, in its order: an input for properties 1 and 2.
public struct FoodItemArguments: Sendable, Equatable {
  /// Its identity, stable across devices.
  public var id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// The name a person sees.
  public var name: String = ""
  /// Energy in kilocalories, `0...maxCalories`.
  public var calories: Double = 0
  /// When it happened.
  public var timestamp: Date = Date(timeIntervalSince1970: 0)
  /// The serving as the user wrote it, such as "1" or "½".
  public var servingSize: String?
  /// The unit of the serving, such as "cup".
  public var servingUnit: String?
  /// Where the entry came from.
  public var source: FoodItemSource = .manual
  /// Protein in grams, `0...maxMacroGrams`, or nil when unknown.
  public var protein: Double?
  /// Carbohydrates in grams, `0...maxMacroGrams`, or nil when unknown.
  public var carbohydrates: Double?
  /// Fats in grams, `0...maxMacroGrams`, or nil when unknown.
  public var fats: Double?
  /// The owner's uid ("" before sign-in).
  public var userId: String = ""
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date = Date(timeIntervalSince1970: 0)
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus = .synced

  /// A blank value, every field at its simplest (nil UUID, empty, 0, nil, 1970), for a decoder
  /// to fill in field by field.
  public init() {}

  /// Creates a `FoodItemArguments` from its parts: an adapter's way to hand over its model, with the
  /// compiler checking that it names every field.
  ///
  /// NB: the body repeats `FoodItem.init`'s assignments on purpose: this value must be able to
  /// hold what the model refuses, and Swift writes no public memberwise initialiser.
  public init(
    id: UUID, name: String, calories: Double, timestamp: Date, servingSize: String?, servingUnit: String?,
    source: FoodItemSource, protein: Double?, carbohydrates: Double?, fats: Double?, userId: String,
    lastModified: Date, syncStatus: SyncStatus
  ) {
    self.id = id
    self.name = name
    self.calories = calories
    self.timestamp = timestamp
    self.servingSize = servingSize
    self.servingUnit = servingUnit
    self.source = source
    self.protein = protein
    self.carbohydrates = carbohydrates
    self.fats = fats
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }
}
