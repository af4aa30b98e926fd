import AppModels
import CountMeHarness

/// The adapter: the app's `Meal` behind the harness's food items layer. It conforms to that layer
/// alone, so a run checks exactly the code written here and reports every other property as not
/// checked, naming the layer it lacks.
struct AppAdapter: FoodItemsLayer {
  /// Translates a non-finite calorie count as "negative": a wrong explanation, there only so a test
  /// can show the properties catch it.
  var reportsNaNAsNegative = false
  /// The layers this run takes from CountMe's reference, by name (none unless a test says so).
  var borrowedLayers: [Layer] = []

  func makeFoodItem(_ a: FoodItemArguments) throws -> FoodItemArguments {
    do {
      return arguments(
        try Meal(
          id: a.id, title: a.name, kcal: a.calories, eatenAt: a.timestamp, portion: a.servingSize,
          portionUnit: a.servingUnit, origin: a.source.rawValue, protein: a.protein, carbs: a.carbohydrates,
          fat: a.fats, owner: a.userId, editedAt: a.lastModified, state: a.syncStatus.rawValue),
        else: a)
    } catch {
      throw validationError(error)
    }
  }

  func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments {
    do {
      return arguments(try Meal(title: name, kcal: calories), else: FoodItemArguments())
    } catch {
      throw validationError(error)
    }
  }

  /// The meal's fields as the harness names them; a source or state the harness does not know is
  /// reported as `fallback`'s.
  func arguments(_ meal: Meal, else fallback: FoodItemArguments) -> FoodItemArguments {
    FoodItemArguments(
      id: meal.id, name: meal.title, calories: meal.kcal, timestamp: meal.eatenAt, servingSize: meal.portion,
      servingUnit: meal.portionUnit, source: FoodItemSource(rawValue: meal.origin) ?? fallback.source,
      protein: meal.protein, carbohydrates: meal.carbs, fats: meal.fat, userId: meal.owner,
      lastModified: meal.editedAt, syncStatus: SyncStatus(rawValue: meal.state) ?? fallback.syncStatus)
  }

  /// The app's error as the `ValidationError` the properties compare: same rule, same field.
  func validationError(_ error: MealError) -> ValidationError {
    switch error {
    case .blankName: return .emptyName(modelType: "FoodItem")
    case .caloriesOutOfRange(let value) where reportsNaNAsNegative && value.isNaN:
      return .negativeCalories(modelType: "FoodItem", value: value)
    case .caloriesOutOfRange(let value) where !value.isFinite:
      return .nonFinite(modelType: "FoodItem", field: "calories")
    case .caloriesOutOfRange(let value) where value < 0:
      return .negativeCalories(modelType: "FoodItem", value: value)
    case .caloriesOutOfRange(let value):
      return .caloriesExceedMax(modelType: "FoodItem", value: value, max: 50_000)
    case .macroOutOfRange(let field, let value) where !value.isFinite:
      return .nonFinite(modelType: "FoodItem", field: field)
    case .macroOutOfRange(let field, let value) where value < 0:
      return .negativeMacro(modelType: "FoodItem", field: field, value: value)
    case .macroOutOfRange(let field, let value):
      return .macroExceedMax(modelType: "FoodItem", field: field, value: value, max: 10_000)
    }
  }
}
