import CountMeCore
import Foundation

/// Every argument of `CustomMeal.init`, in its order, with the ingredients as their own arguments:
/// an input for properties 7 and 8.
///
/// A property builds the ingredients first, then the meal.
public struct CustomMealArguments: Sendable, Equatable {
  /// Its identity, stable across devices.
  public var id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// The name a person sees.
  public var name: String = ""
  /// The ingredients, at least one.
  public var ingredients: [IngredientArguments] = []
  /// When the meal was created.
  public var createdAt: Date = Date(timeIntervalSince1970: 0)
  /// When the meal was last logged.
  public var lastUsedAt: Date = Date(timeIntervalSince1970: 0)
  /// Servings the meal makes, greater than 0.
  public var servingsCount: Double = 0
  /// The owner's uid ("" before sign-in).
  public var userId: String = ""
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date = Date(timeIntervalSince1970: 0)
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus = .synced

  /// A blank value, every field at its simplest (nil UUID, empty, 0, nil, 1970), for a decoder
  /// to fill in field by field.
  public init() {}

  /// Creates a `CustomMealArguments` from its parts: an adapter's way to hand over its model, with the
  /// compiler checking that it names every field.
  ///
  /// NB: the body repeats `CustomMeal.init`'s assignments on purpose: this value must be able to
  /// hold what the model refuses, and Swift writes no public memberwise initialiser.
  public init(
    id: UUID, name: String, ingredients: [IngredientArguments], createdAt: Date, lastUsedAt: Date,
    servingsCount: Double, userId: String, lastModified: Date, syncStatus: SyncStatus
  ) {
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
}
