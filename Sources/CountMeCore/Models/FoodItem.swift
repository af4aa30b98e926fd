import Foundation

/// A food entry: a name, its calories and optional macros, as the user logged it.
///
/// Fields a rule constrains are `let`, so a `FoodItem` that exists is valid; sync bookkeeping
/// (`userId`, `lastModified`, `syncStatus`) may change.
public struct FoodItem: Equatable, Hashable, Sendable {
  /// Its identity, stable across devices.
  public let id: UUID
  /// The name a person sees.
  public let name: String
  /// Energy in kilocalories, `0...maxCalories`.
  public let calories: Double
  /// When it happened.
  public var timestamp: Date
  /// The serving as the user wrote it, such as "1" or "½".
  public let servingSize: String?
  /// The unit of the serving, such as "cup".
  public let servingUnit: String?
  /// Where the entry came from.
  public var source: FoodItemSource
  /// Protein in grams, `0...maxMacroGrams`, or nil when unknown.
  public let protein: Double?
  /// Carbohydrates in grams, `0...maxMacroGrams`, or nil when unknown.
  public let carbohydrates: Double?
  /// Fats in grams, `0...maxMacroGrams`, or nil when unknown.
  public let fats: Double?
  /// The owner's uid ("" before sign-in).
  public var userId: String
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus

  /// Creates a food entry, checking requirement 1.
  ///
  /// - Throws: `ValidationError` when the name has no visible character, calories are outside
  ///   `0...maxCalories`, a macro is outside `0...maxMacroGrams`, or a number is not finite.
  public init(
    id: UUID = UUID(), name: String, calories: Double, timestamp: Date = Date(),
    servingSize: String? = nil, servingUnit: String? = nil, source: FoodItemSource = .manual,
    protein: Double? = nil, carbohydrates: Double? = nil, fats: Double? = nil, userId: String = "",
    lastModified: Date = Date(), syncStatus: SyncStatus = .pendingUpload
  ) throws {
    let model = "FoodItem"
    try Rules.name(name, of: model)
    try Rules.calories(calories, of: model)
    try Rules.macros(protein: protein, carbohydrates: carbohydrates, fats: fats, of: model)
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

extension FoodItem: Codable {
  /// Decodes through the validating initialiser, so decoding can't build an invalid item.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(UUID.self, forKey: .id), name: c.decode(String.self, forKey: .name),
      calories: c.decode(Double.self, forKey: .calories), timestamp: c.decode(Date.self, forKey: .timestamp),
      servingSize: c.decodeIfPresent(String.self, forKey: .servingSize),
      servingUnit: c.decodeIfPresent(String.self, forKey: .servingUnit),
      source: c.decode(FoodItemSource.self, forKey: .source),
      protein: c.decodeIfPresent(Double.self, forKey: .protein),
      carbohydrates: c.decodeIfPresent(Double.self, forKey: .carbohydrates),
      fats: c.decodeIfPresent(Double.self, forKey: .fats), userId: c.decode(String.self, forKey: .userId),
      lastModified: c.decode(Date.self, forKey: .lastModified),
      syncStatus: c.decode(SyncStatus.self, forKey: .syncStatus))
  }
}
