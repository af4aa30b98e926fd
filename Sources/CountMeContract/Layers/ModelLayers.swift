import Foundation

// The models layers, one per model. Each method returns the fields of the model it built as the
// matching `…Arguments`, so an implementation that wrongly accepts an input can still say what it
// made. Constructors throw `ValidationError` (an adapter translates its own errors into it: same
// rule, same model and field).

/// The food item's initialisers: judged by P1 and P2 (and P26 with the other models).
public protocol FoodItemsLayer: SystemUnderTest {
  /// The food item these arguments build, or the `ValidationError` that refuses them.
  func makeFoodItem(_ arguments: FoodItemArguments) throws -> FoodItemArguments
  /// A new food item from what a user enters; every other field is the initialiser's default.
  func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments
}

/// The exercise item's initialisers: judged by P3 and P4 (and P26).
public protocol ExerciseItemsLayer: SystemUnderTest {
  /// The exercise item these arguments build, or the `ValidationError` that refuses them.
  func makeExerciseItem(_ arguments: ExerciseItemArguments) throws -> ExerciseItemArguments
  /// A new exercise item from what a user enters.
  func newExerciseItem(name: String, caloriesBurned: Double) throws -> ExerciseItemArguments
}

/// The ingredient's initialiser: judged by P5 and P6.
public protocol IngredientsLayer: SystemUnderTest {
  /// The ingredient these arguments build, or the `ValidationError` that refuses them.
  func makeIngredient(_ arguments: IngredientArguments) throws -> IngredientArguments
}

/// The custom meal's initialisers and totals: judged by P7 and P8 (and P25, P26).
public protocol CustomMealsLayer: SystemUnderTest {
  /// The meal these arguments build, ingredients and all, or the `ValidationError` that refuses them.
  func makeCustomMeal(_ arguments: CustomMealArguments) throws -> CustomMealArguments
  /// A new custom meal from what a user enters.
  func newCustomMeal(name: String, ingredients: [IngredientArguments]) throws -> CustomMealArguments
  /// The totals of the meal these (valid) arguments build.
  func mealTotals(_ arguments: CustomMealArguments) throws -> MealTotals
}

/// The daily log's initialisers and totals: judged by P9 and P10 (and P25, P26).
public protocol DailyLogsLayer: SystemUnderTest {
  /// The log these arguments build, items and all, or the `ValidationError` that refuses them.
  func makeDailyLog(_ arguments: DailyLogArguments) throws -> DailyLogArguments
  /// A new daily log for a day.
  func newDailyLog(date: Date) throws -> DailyLogArguments
  /// The totals of the log these (valid) arguments build.
  func logTotals(_ arguments: DailyLogArguments) throws -> LogTotals
}

/// The user's goal's initialisers: judged by P28 and P29 (and P26).
public protocol UserGoalsLayer: SystemUnderTest {
  /// The goal these arguments build, or the `ValidationError` that refuses them.
  func makeUserGoal(_ arguments: UserGoalArguments) throws -> UserGoalArguments
  /// A new goal of so many calories a day.
  func newUserGoal(dailyCalorieGoal: Int) throws -> UserGoalArguments
}
