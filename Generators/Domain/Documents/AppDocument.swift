import CountMeCore
import Foundation

/// The document the app writes for a model, as the Firestore schema of the design documents states
/// it: ids as upper-case UUID strings, numbers as Doubles, dates as timestamps, enums as raw values,
/// optional fields only when present; a meal's ingredients as an array of maps; a daily log's items
/// as two arrays of ids (the items are documents of their own) and its total of food calories.
///
/// Written from the schema, never through CountMeCore's `toFirestoreData`, so it is the oracle of
/// what an implementation writes, and the start of every valid document the generators draw.
public enum AppDocument {
  /// A food item's document at `users/{uid}/foodItems/{id}`.
  public static func foodItem(_ item: FoodItemArguments) -> Document {
    var document = Document([
      ("id", .string(item.id.uuidString)), ("name", .string(item.name)), ("calories", .double(item.calories)),
      ("timestamp", Gen.stamp(item.timestamp)), ("source", .string(item.source.rawValue)),
      ("userId", .string(item.userId)), ("lastModified", Gen.stamp(item.lastModified)),
      ("syncStatus", .string(item.syncStatus.rawValue)),
    ])
    document["servingSize"] = item.servingSize.map(DocumentValue.string)
    document["servingUnit"] = item.servingUnit.map(DocumentValue.string)
    document["protein"] = item.protein.map(DocumentValue.double)
    document["carbohydrates"] = item.carbohydrates.map(DocumentValue.double)
    document["fats"] = item.fats.map(DocumentValue.double)
    return document
  }

  /// An exercise item's document at `users/{uid}/exerciseItems/{id}`.
  public static func exerciseItem(_ item: ExerciseItemArguments) -> Document {
    var document = Document([
      ("id", .string(item.id.uuidString)), ("name", .string(item.name)),
      ("caloriesBurned", .double(item.caloriesBurned)), ("timestamp", Gen.stamp(item.timestamp)),
      ("exerciseType", .string(item.exerciseType)), ("intensity", .string(item.intensity)),
      ("userId", .string(item.userId)), ("lastModified", Gen.stamp(item.lastModified)),
      ("syncStatus", .string(item.syncStatus.rawValue)),
    ])
    document["durationMinutes"] = item.durationMinutes.map(DocumentValue.double)
    document["notes"] = item.notes.map(DocumentValue.string)
    return document
  }

  /// The map stored for an ingredient inside its meal's `ingredients` array.
  public static func ingredient(_ ingredient: IngredientArguments) -> Document {
    var map = Document([
      ("id", .string(ingredient.id.uuidString)), ("name", .string(ingredient.name)),
      ("quantity", .double(ingredient.quantity)), ("unit", .string(ingredient.unit)),
      ("calories", .double(ingredient.calories)),
    ])
    map["protein"] = ingredient.protein.map(DocumentValue.double)
    map["carbohydrates"] = ingredient.carbohydrates.map(DocumentValue.double)
    map["fats"] = ingredient.fats.map(DocumentValue.double)
    return map
  }

  /// A custom meal's document at `users/{uid}/customMeals/{id}`.
  public static func customMeal(_ meal: CustomMealArguments) -> Document {
    Document([
      ("id", .string(meal.id.uuidString)), ("name", .string(meal.name)),
      ("ingredients", .array(meal.ingredients.map { .map(ingredient($0)) })),
      ("createdAt", Gen.stamp(meal.createdAt)), ("lastUsedAt", Gen.stamp(meal.lastUsedAt)),
      ("servingsCount", .double(meal.servingsCount)), ("userId", .string(meal.userId)),
      ("lastModified", Gen.stamp(meal.lastModified)), ("syncStatus", .string(meal.syncStatus.rawValue)),
    ])
  }

  /// A daily log's document at `users/{uid}/dailyLogs/{id}`: the total is the sum of its food
  /// items' calories (exercise does not count against it).
  public static func dailyLog(_ log: DailyLogArguments) -> Document {
    var total = 0.0
    for item in log.foodItems { total += item.calories }
    var document = Document([
      ("id", .string(log.id.uuidString)), ("date", Gen.stamp(log.date)), ("totalCalories", .double(total)),
      ("foodItemIds", .array(log.foodItems.map { .string($0.id.uuidString) })),
      ("exerciseItemIds", .array(log.exerciseItems.map { .string($0.id.uuidString) })),
      ("userId", .string(log.userId)), ("lastModified", Gen.stamp(log.lastModified)),
      ("syncStatus", .string(log.syncStatus.rawValue)),
    ])
    document["dailyGoal"] = log.dailyGoal.map(DocumentValue.double)
    return document
  }
}
