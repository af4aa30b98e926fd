import CountMeContract
import CountMeCore
import FirestoreCloud
import Generators

/// The document the app writes for a model, as the design documents' Firestore schema states it.
///
/// The document the app writes for a model, as the Firestore schema of the design documents states
/// it: ids as upper-case UUID strings, numbers as Doubles, dates as timestamps, enums as raw values,
/// optional fields only when present; a meal's ingredients as an array of maps; a daily log's items
/// as two arrays of ids (the items are documents of their own) and its total of food calories.
///
/// Written from the model's `ModelSchema`, never through CountMeCore's `toFirestoreData`, so it is
/// the oracle of what an implementation writes, and the start of every valid document the
/// generators draw.
package enum AppDocument {
  /// A food item's document at `users/{uid}/foodItems/{id}`.
  package static func foodItem(_ item: FoodItemArguments) -> Document { ModelSchemas.foodItem.document(item) }

  /// An exercise item's document at `users/{uid}/exerciseItems/{id}`.
  package static func exerciseItem(_ item: ExerciseItemArguments) -> Document {
    ModelSchemas.exerciseItem.document(item)
  }

  /// The map stored for an ingredient inside its meal's `ingredients` array.
  package static func ingredient(_ ingredient: IngredientArguments) -> Document {
    ModelSchemas.ingredient.document(ingredient)
  }

  /// A custom meal's document at `users/{uid}/customMeals/{id}`.
  package static func customMeal(_ meal: CustomMealArguments) -> Document {
    ModelSchemas.customMeal.document(meal)
  }

  /// A daily log's document at `users/{uid}/dailyLogs/{id}`: the total is the sum of its food
  /// items' calories (exercise does not count against it).
  package static func dailyLog(_ log: DailyLogArguments) -> Document { ModelSchemas.dailyLog.document(log) }

  /// A user's goal's document at `users/{uid}/profile/settings`: the goal as an integer.
  package static func userGoal(_ goal: UserGoalArguments) -> Document { ModelSchemas.userGoal.document(goal) }
}
