import Foundation

/// A reusable meal template: named ingredients, logged as a number of servings.
public struct CustomMeal: Equatable, Hashable, Sendable {
  /// Its identity, stable across devices.
  public let id: UUID
  /// The name a person sees.
  public let name: String
  /// At least one; each is a valid `Ingredient` by construction.
  public let ingredients: [Ingredient]
  /// When the meal was created.
  public var createdAt: Date
  /// When the meal was last logged.
  public var lastUsedAt: Date
  /// Servings the meal makes, greater than 0.
  public let servingsCount: Double
  /// The owner's uid ("" before sign-in).
  public var userId: String
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus

  /// Creates a meal, checking requirement 4.
  ///
  /// - Throws: `ValidationError` when the name has no visible character, `ingredients` is empty,
  ///   or `servingsCount` is not a finite number above 0.
  public init(
    id: UUID = UUID(), name: String, ingredients: [Ingredient], createdAt: Date = Date(),
    lastUsedAt: Date = Date(), servingsCount: Double = 1, userId: String = "",
    lastModified: Date = Date(), syncStatus: SyncStatus = .pendingUpload
  ) throws {
    let model = "CustomMeal"
    try Rules.name(name, of: model)
    try Rules.ingredients(ingredients)
    try Rules.servings(servingsCount)
    self.id = id
    self.name = name
    self.ingredients = ingredients
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
    self.servingsCount = servingsCount
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }

  /// Calories of the whole recipe: the sum over its ingredients.
  public var totalCalories: Double { ingredients.reduce(0) { $0 + $1.calories } }
  /// Protein of the whole recipe, counting a missing value as 0.
  public var totalProtein: Double { ingredients.reduce(0) { $0 + ($1.protein ?? 0) } }
  /// Carbohydrates of the whole recipe, counting a missing value as 0.
  public var totalCarbohydrates: Double { ingredients.reduce(0) { $0 + ($1.carbohydrates ?? 0) } }
  /// Fats of the whole recipe, counting a missing value as 0.
  public var totalFats: Double { ingredients.reduce(0) { $0 + ($1.fats ?? 0) } }
  /// Calories of one serving.
  public var caloriesPerServing: Double { totalCalories / servingsCount }
}

extension CustomMeal: Codable {
  /// Decodes through the validating initialiser, so decoding can't build an invalid meal.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(UUID.self, forKey: .id), name: c.decode(String.self, forKey: .name),
      ingredients: c.decode([Ingredient].self, forKey: .ingredients),
      createdAt: c.decode(Date.self, forKey: .createdAt),
      lastUsedAt: c.decode(Date.self, forKey: .lastUsedAt),
      servingsCount: c.decode(Double.self, forKey: .servingsCount),
      userId: c.decode(String.self, forKey: .userId),
      lastModified: c.decode(Date.self, forKey: .lastModified),
      syncStatus: c.decode(SyncStatus.self, forKey: .syncStatus))
  }
}
