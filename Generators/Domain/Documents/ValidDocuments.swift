import CountMeCore
import Foundation

extension Gen {
  /// A number as a client writes it: a Double, or, for a whole number, sometimes an integer (as
  /// Android and web clients do). -0.0 stays a Double so its sign survives.
  static func number(_ value: Double) -> Generator<DocumentValue> {
    Generator { source in write(value, &source) }
  }

  /// `value` as a Double, or one time in four (for a whole number) as an integer; one draw.
  static func write(_ value: Double, _ source: inout ChoiceSource) -> DocumentValue {
    guard value.isFinite, value == value.rounded(), abs(value) <= 0x1p53, value.sign == .plus else {
      return .double(value)
    }
    return source.draw(upTo: 3) == 3 ? .integer(Int64(value)) : .double(value)
  }

  static func write(_ value: Double?, _ source: inout ChoiceSource) -> DocumentValue? {
    value.map { write($0, &source) }
  }

  /// An id as a client writes it: upper case as Swift's `uuidString`, one time in five lower case.
  static func idString(_ id: UUID, _ source: inout ChoiceSource) -> DocumentValue {
    source.draw(upTo: 4) == 4 ? .string(id.uuidString.lowercased()) : .string(id.uuidString)
  }

  static func stamp(_ date: Date) -> DocumentValue { .timestamp(Timestamp(date: date)) }

  /// A valid FoodItem document as the app writes it.
  static let foodItemDocument: Generator<Document> = Generator { source in
    let item = try source.draw(validFoodItem).value
    var document = Document([
      ("id", idString(item.id, &source)), ("name", .string(item.name)),
      ("calories", write(item.calories, &source)), ("timestamp", stamp(item.timestamp)),
      ("source", .string(item.source.rawValue)), ("userId", .string(try source.draw(ownerId))),
      ("lastModified", stamp(item.lastModified)), ("syncStatus", .string(item.syncStatus.rawValue)),
    ])
    document["servingSize"] = item.servingSize.map(DocumentValue.string)
    document["servingUnit"] = item.servingUnit.map(DocumentValue.string)
    document["protein"] = write(item.protein, &source)
    document["carbohydrates"] = write(item.carbohydrates, &source)
    document["fats"] = write(item.fats, &source)
    return document
  }

  /// A valid ExerciseItem document as the app writes it.
  static let exerciseItemDocument: Generator<Document> = Generator { source in
    let item = try source.draw(validExerciseItem).value
    var document = Document([
      ("id", idString(item.id, &source)), ("name", .string(item.name)),
      ("caloriesBurned", write(item.caloriesBurned, &source)), ("timestamp", stamp(item.timestamp)),
      ("exerciseType", .string(item.exerciseType)), ("intensity", .string(item.intensity)),
      ("userId", .string(try source.draw(ownerId))), ("lastModified", stamp(item.lastModified)),
      ("syncStatus", .string(item.syncStatus.rawValue)),
    ])
    document["durationMinutes"] = write(item.durationMinutes, &source)
    document["notes"] = item.notes.map(DocumentValue.string)
    return document
  }

  /// The map stored for `ingredient` inside a meal's `ingredients` array.
  static func ingredientMap(_ ingredient: IngredientArguments, _ source: inout ChoiceSource) -> DocumentValue
  {
    var map = Document([
      ("id", idString(ingredient.id, &source)), ("name", .string(ingredient.name)),
      ("quantity", write(ingredient.quantity, &source)), ("unit", .string(ingredient.unit)),
      ("calories", write(ingredient.calories, &source)),
    ])
    map["protein"] = write(ingredient.protein, &source)
    map["carbohydrates"] = write(ingredient.carbohydrates, &source)
    map["fats"] = write(ingredient.fats, &source)
    return .map(map)
  }

  /// A valid CustomMeal document, with `extraIngredients` more ingredients than a meal usually has.
  static func customMealDocument(extraIngredients: ClosedRange<Int> = 0...0) -> Generator<Document> {
    let extra = array(of: validIngredient.map(\.value), count: extraIngredients, averageExtra: 0)
    return Generator { source in
      let meal = try source.draw(validCustomMeal).value
      var ingredients: [DocumentValue] = []
      for ingredient in meal.ingredients + (try source.draw(extra)) {
        ingredients.append(ingredientMap(ingredient, &source))
      }
      return Document([
        ("id", idString(meal.id, &source)), ("name", .string(meal.name)),
        ("ingredients", .array(ingredients)),
        ("createdAt", stamp(meal.createdAt)), ("lastUsedAt", stamp(meal.lastUsedAt)),
        ("servingsCount", write(meal.servingsCount, &source)),
        ("userId", .string(try source.draw(ownerId))), ("lastModified", stamp(meal.lastModified)),
        ("syncStatus", .string(meal.syncStatus.rawValue)),
      ])
    }
  }

  /// A valid DailyLog document: its items' ids and its total, as the app writes them.
  static func dailyLogDocument(extraIds: ClosedRange<Int> = 0...0) -> Generator<Document> {
    let ids = array(of: uuid.map(\.uuidString), count: extraIds, averageExtra: 0)
    return Generator { source in
      let log = try source.draw(validDailyLog).value
      let moreIds = try source.draw(ids)
      let total = log.foodItems.reduce(0) { $0 + $1.calories }
      var document = Document([
        ("id", idString(log.id, &source)), ("date", stamp(log.date)),
        ("totalCalories", write(total, &source)),
        ("foodItemIds", .array((log.foodItems.map(\.id.uuidString) + moreIds).map(DocumentValue.string))),
        ("exerciseItemIds", .array(log.exerciseItems.map { .string($0.id.uuidString) })),
        ("userId", .string(try source.draw(ownerId))), ("lastModified", stamp(log.lastModified)),
        ("syncStatus", .string(log.syncStatus.rawValue)),
      ])
      document["dailyGoal"] = write(log.dailyGoal, &source)
      return document
    }
  }

  static let mealDocument = customMealDocument()
  static let logDocument = dailyLogDocument()

  static func document(of model: DocumentModel) -> Generator<Document> {
    switch model {
    case .foodItem: return foodItemDocument
    case .exerciseItem: return exerciseItemDocument
    case .customMeal: return mealDocument
    case .dailyLog: return logDocument
    }
  }

  /// Valid documents of `model` as the app writes them, tagged `Document.<Model>.valid`.
  public static func validDocument(_ model: DocumentModel) -> Generator<Tagged<DocumentInput>> {
    document(of: model).map { document in
      Tagged(
        DocumentInput(model: model, document: document, expectation: .accepted),
        tags: ["Document.\(model.rawValue).valid"])
    }
  }
}
