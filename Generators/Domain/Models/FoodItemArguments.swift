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

extension Gen {
  static let foodRules: [(field: String, kinds: [Violation.Kind])] = [
    ("name", [.empty]), ("calories", BreakPlan.rangeKinds), ("protein", BreakPlan.rangeKinds),
    ("carbohydrates", BreakPlan.rangeKinds), ("fats", BreakPlan.rangeKinds),
  ]

  static let servingSize: Generator<String?> = optional(element(of: ["1", "100", "½", "2.5", "a handful"]))
  static let servingUnit: Generator<String?> = optional(unit)

  /// Valid `FoodItem` arguments (tag `FoodItem.valid`): boundary-biased numbers, optional fields
  /// sometimes nil. Shrinks toward name "a", 0 calories, every optional nil.
  public static let validFoodItem: Generator<Tagged<FoodItemArguments>> =
    foodItem(plan: BreakPlan.valid(model: "FoodItem"))

  /// `FoodItem` arguments that break at least one rule of requirement 1 or DESIGN.md, tagged
  /// `FoodItem.invalid.<field>.<kind>` for every rule they break.
  public static let invalidFoodItem: Generator<Tagged<FoodItemArguments>> =
    foodItem(plan: BreakPlan.generator(model: "FoodItem", rules: foodRules))

  static func foodItem(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<FoodItemArguments>> {
    let brokenCalories = BreakPlan.brokenNumbers(max: ValidationConstants.maxCalories)
    let brokenMacro = BreakPlan.brokenOptionals(max: ValidationConstants.maxMacroGrams)
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let name = try plan.value("name", &source, valid: visibleName) { _ in invisibleString }
      let calories = try plan.value("calories", &source, valid: validCalories, broken: brokenCalories)
      func macro(_ field: String) throws -> Double? {
        try plan.value(field, &source, valid: Gen.macro, broken: brokenMacro)
      }
      let arguments = FoodItemArguments(
        id: try source.draw(uuid), name: name, calories: calories, timestamp: try source.draw(date),
        servingSize: try source.draw(servingSize), servingUnit: try source.draw(servingUnit),
        source: try source.draw(foodSource),
        protein: try macro("protein"), carbohydrates: try macro("carbohydrates"), fats: try macro("fats"),
        userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
