import CountMeContract
import CountMeCore
import Generators

/// Each model's schema: the one place that lists a model's fields.
///
/// In the order the app writes its document (the Firestore schema of the design documents), with the rules
/// its numbers obey.
package enum ModelSchemas {
  static let range: [ValidationRule] = [.negative, .aboveMax, .nonFinite]
  static let positive: [ValidationRule] = [.nonPositive, .nonFinite]
  static let maxCalories = ValidationConstants.maxCalories
  static let maxMacro = ValidationConstants.maxMacroGrams

  /// A `FoodItem`, at `users/{uid}/foodItems/{id}`.
  package static let foodItem = ModelSchema<FoodItemArguments>(
    [
      .uuid("id", \.id), .text("name", \.name),
      .number("calories", \.calories, rules: range, max: maxCalories),
      .date("timestamp", \.timestamp), .enumeration("source", \.source), .text("userId", \.userId),
      .date("lastModified", \.lastModified), .enumeration("syncStatus", \.syncStatus),
      .optionalText("servingSize", \.servingSize), .optionalText("servingUnit", \.servingUnit),
      .optionalNumber("protein", \.protein, rules: range, max: maxMacro),
      .optionalNumber("carbohydrates", \.carbohydrates, rules: range, max: maxMacro),
      .optionalNumber("fats", \.fats, rules: range, max: maxMacro),
    ], blank: FoodItemArguments.init)

  /// An `ExerciseItem`, at `users/{uid}/exerciseItems/{id}`.
  package static let exerciseItem = ModelSchema<ExerciseItemArguments>(
    [
      .uuid("id", \.id), .text("name", \.name),
      .number("caloriesBurned", \.caloriesBurned, rules: range, max: maxCalories),
      .date("timestamp", \.timestamp), .text("exerciseType", \.exerciseType), .text("intensity", \.intensity),
      .text("userId", \.userId), .date("lastModified", \.lastModified),
      .enumeration("syncStatus", \.syncStatus),
      .optionalNumber(
        "durationMinutes", \.durationMinutes, rules: range, max: ValidationConstants.maxDurationMinutes),
      .optionalText("notes", \.notes),
    ], blank: ExerciseItemArguments.init)

  /// An `Ingredient`, a map inside its meal's `ingredients` array.
  package static let ingredient = ModelSchema<IngredientArguments>(
    [
      .uuid("id", \.id), .text("name", \.name), .number("quantity", \.quantity, rules: positive),
      .text("unit", \.unit), .number("calories", \.calories, rules: range, max: maxCalories),
      .optionalNumber("protein", \.protein, rules: range, max: maxMacro),
      .optionalNumber("carbohydrates", \.carbohydrates, rules: range, max: maxMacro),
      .optionalNumber("fats", \.fats, rules: range, max: maxMacro),
    ], blank: IngredientArguments.init)

  /// A `CustomMeal`, at `users/{uid}/customMeals/{id}`.
  package static let customMeal = ModelSchema<CustomMealArguments>(
    [
      .uuid("id", \.id), .text("name", \.name), .list("ingredients", \.ingredients, ingredient),
      .date("createdAt", \.createdAt), .date("lastUsedAt", \.lastUsedAt),
      .number("servingsCount", \.servingsCount, rules: positive), .text("userId", \.userId),
      .date("lastModified", \.lastModified), .enumeration("syncStatus", \.syncStatus),
    ], blank: CustomMealArguments.init)

  /// A `DailyLog`, at `users/{uid}/dailyLogs/{id}`.
  ///
  /// Its items are documents of their own: the log's document holds their ids and the total of its food
  /// items' calories (exercise does not count against it).
  package static let dailyLog = ModelSchema<DailyLogArguments>(
    [
      .uuid("id", \.id), .date("date", \.date),
      .derived("totalCalories", .number(rules: [.negative, .nonFinite], max: 0)) { log in
        var total = 0.0
        for item in log.foodItems { total += item.calories }
        return .double(total)
      },
      .list("foodItems", \.foodItems, foodItem, inDocument: false),
      .derived("foodItemIds", .stringArray) { .array($0.foodItems.map { .string($0.id.uuidText) }) },
      .list("exerciseItems", \.exerciseItems, exerciseItem, inDocument: false),
      .derived("exerciseItemIds", .stringArray) {
        .array($0.exerciseItems.map { .string($0.id.uuidText) })
      },
      .optionalNumber("dailyGoal", \.dailyGoal, rules: range, max: ValidationConstants.maxDailyGoal),
      .text("userId", \.userId), .date("lastModified", \.lastModified),
      .enumeration("syncStatus", \.syncStatus),
    ], blank: DailyLogArguments.init)

  /// A `UserGoal`, at seed 002's `users/{uid}/profile/settings`: the goal as an integer and the
  /// model's other fields, in `UserGoal.init`'s order.
  ///
  /// (The seed's tree lists the goal and the two timestamps; the app writes every field of a model, as it
  /// does for the others.)
  package static let userGoal = ModelSchema<UserGoalArguments>(
    [
      .integer(
        "dailyCalorieGoal", \.dailyCalorieGoal, rules: [.negative, .aboveMax],
        max: ValidationConstants.maxDailyGoal),
      .date("createdAt", \.createdAt), .text("userId", \.userId), .date("lastModified", \.lastModified),
      .enumeration("syncStatus", \.syncStatus),
    ], blank: UserGoalArguments.init)

  /// Every name a `model` field goes by, as an argument or as a document key (a log's
  /// `totalCalories`): what a decoding error may name.
  package static func fieldNames(of model: DocumentModel) -> Set<String> {
    Set(shapes(of: model).map(\.name) + specs(of: model).map(\.name))
  }

  /// The arguments' names and kinds of `model`, for the document oracle.
  package static func shapes(of model: DocumentModel) -> [FieldShape] {
    switch model {
    case .foodItem: return foodItem.shapes
    case .exerciseItem: return exerciseItem.shapes
    case .customMeal: return customMeal.shapes
    case .dailyLog: return dailyLog.shapes
    case .userGoal: return userGoal.shapes
    }
  }

  /// The document fields of `model`, for the corruption generators.
  static func specs(of model: DocumentModel) -> [FieldSpec] {
    switch model {
    case .foodItem: return foodItem.specs
    case .exerciseItem: return exerciseItem.specs
    case .customMeal: return customMeal.specs
    case .dailyLog: return dailyLog.specs
    case .userGoal: return userGoal.specs
    }
  }
}
