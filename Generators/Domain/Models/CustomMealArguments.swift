import CountMeCore
import Foundation

/// Every argument of `CustomMeal.init`, in its order, with the ingredients as their own arguments:
/// an input for properties 7 and 8. A property builds the ingredients first, then the meal.
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

extension Gen {
  static let mealRules: [(field: String, kinds: [Violation.Kind])] = [
    ("name", [.empty]), ("ingredients", [.empty]), ("servingsCount", [.nonPositive, .nonFinite]),
  ]

  /// Valid ingredient lists: 1 to 12 valid ingredients.
  static let validIngredients: Generator<[IngredientArguments]> =
    array(of: validIngredient.map(\.value), count: 1...12, averageExtra: 2)

  static let validServings: Generator<Double> = frequency([(2, constant(1)), (3, positiveQuantity)])

  /// Valid `CustomMeal` arguments (tag `CustomMeal.valid`), every ingredient valid.
  public static let validCustomMeal: Generator<Tagged<CustomMealArguments>> =
    customMeal(plan: BreakPlan.valid(model: "CustomMeal"))

  /// `CustomMeal` arguments that break at least one rule of requirement 4 or DESIGN.md (its
  /// ingredients stay valid: an invalid Ingredient can't be built to put in a meal).
  public static let invalidCustomMeal: Generator<Tagged<CustomMealArguments>> =
    customMeal(plan: BreakPlan.generator(model: "CustomMeal", rules: mealRules))

  static func customMeal(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<CustomMealArguments>> {
    let brokenServings = BreakPlan.brokenNumbers()
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let name = try plan.value("name", &source, valid: visibleName) { _ in invisibleString }
      let ingredients = try plan.value("ingredients", &source, valid: validIngredients) { _ in constant([]) }
      let servings = try plan.value("servingsCount", &source, valid: validServings, broken: brokenServings)
      let arguments = CustomMealArguments(
        id: try source.draw(uuid), name: name, ingredients: ingredients, createdAt: try source.draw(date),
        lastUsedAt: try source.draw(date), servingsCount: servings,
        userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(
        arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
