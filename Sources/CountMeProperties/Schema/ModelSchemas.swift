import CountMeCore
import Generators

/// The schema of each model's arguments: the one place that lists a model's fields for the
/// property layer (JSON both ways, the document oracle's keys). A new field is a line here and a
/// property of its `…Arguments` struct.
enum ModelSchemas {
  static let foodItem = ArgumentSchema<FoodItemArguments>(
    fields: [
      .init("id", \.id, .uuid), .init("name", \.name, .text), .init("calories", \.calories, .number),
      .init("timestamp", \.timestamp, .date), .init("servingSize", \.servingSize, .optionalText),
      .init("servingUnit", \.servingUnit, .optionalText),
      .init("source", \.source, .raw(FoodItemSource.self)),
      .init("protein", \.protein, .optionalNumber), .init("carbohydrates", \.carbohydrates, .optionalNumber),
      .init("fats", \.fats, .optionalNumber), .init("userId", \.userId, .text),
      .init("lastModified", \.lastModified, .date), .init("syncStatus", \.syncStatus, .raw(SyncStatus.self)),
    ], blank: FoodItemArguments.init)

  static let exerciseItem = ArgumentSchema<ExerciseItemArguments>(
    fields: [
      .init("id", \.id, .uuid), .init("name", \.name, .text),
      .init("caloriesBurned", \.caloriesBurned, .number),
      .init("durationMinutes", \.durationMinutes, .optionalNumber),
      .init("exerciseType", \.exerciseType, .text),
      .init("intensity", \.intensity, .text), .init("notes", \.notes, .optionalText),
      .init("timestamp", \.timestamp, .date), .init("userId", \.userId, .text),
      .init("lastModified", \.lastModified, .date), .init("syncStatus", \.syncStatus, .raw(SyncStatus.self)),
    ], blank: ExerciseItemArguments.init)

  static let ingredient = ArgumentSchema<IngredientArguments>(
    fields: [
      .init("id", \.id, .uuid), .init("name", \.name, .text), .init("quantity", \.quantity, .number),
      .init("unit", \.unit, .text), .init("calories", \.calories, .number),
      .init("protein", \.protein, .optionalNumber), .init("carbohydrates", \.carbohydrates, .optionalNumber),
      .init("fats", \.fats, .optionalNumber),
    ], blank: IngredientArguments.init)

  static let customMeal = ArgumentSchema<CustomMealArguments>(
    fields: [
      .init("id", \.id, .uuid), .init("name", \.name, .text),
      .init("ingredients", \.ingredients, .list(ingredient)),
      .init("createdAt", \.createdAt, .date), .init("lastUsedAt", \.lastUsedAt, .date),
      .init("servingsCount", \.servingsCount, .number), .init("userId", \.userId, .text),
      .init("lastModified", \.lastModified, .date), .init("syncStatus", \.syncStatus, .raw(SyncStatus.self)),
    ], blank: CustomMealArguments.init)

  static let dailyLog = ArgumentSchema<DailyLogArguments>(
    fields: [
      .init("id", \.id, .uuid), .init("date", \.date, .date),
      .init("foodItems", \.foodItems, .list(foodItem)),
      .init("exerciseItems", \.exerciseItems, .list(exerciseItem)),
      .init("dailyGoal", \.dailyGoal, .optionalNumber),
      .init("userId", \.userId, .text), .init("lastModified", \.lastModified, .date),
      .init("syncStatus", \.syncStatus, .raw(SyncStatus.self)),
    ], blank: DailyLogArguments.init)

  /// The fields a decoded `model` holds, for the document oracle.
  static func names(of model: DocumentModel) -> [String] {
    switch model {
    case .foodItem: return foodItem.names
    case .exerciseItem: return exerciseItem.names
    case .customMeal: return customMeal.names
    case .dailyLog: return dailyLog.names
    }
  }
}
