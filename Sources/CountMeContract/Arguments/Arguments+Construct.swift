import CountMeCore

// Each argument set passed, in order, to the CountMeCore initialiser it mirrors.

extension FoodItemArguments {
  /// `FoodItem(…)` with these arguments.
  public func construct() throws -> FoodItem {
    try FoodItem(
      id: id, name: name, calories: calories, timestamp: timestamp, servingSize: servingSize,
      servingUnit: servingUnit, source: source, protein: protein, carbohydrates: carbohydrates, fats: fats,
      userId: userId, lastModified: lastModified, syncStatus: syncStatus)
  }
}

extension ExerciseItemArguments {
  /// `ExerciseItem(…)` with these arguments.
  public func construct() throws -> ExerciseItem {
    try ExerciseItem(
      id: id, name: name, caloriesBurned: caloriesBurned, durationMinutes: durationMinutes,
      exerciseType: exerciseType, intensity: intensity, notes: notes, timestamp: timestamp, userId: userId,
      lastModified: lastModified, syncStatus: syncStatus)
  }
}

extension IngredientArguments {
  /// `Ingredient(…)` with these arguments.
  public func construct() throws -> Ingredient {
    try Ingredient(
      id: id, name: name, quantity: quantity, unit: unit, calories: calories, protein: protein,
      carbohydrates: carbohydrates, fats: fats)
  }
}

extension CustomMealArguments {
  /// `CustomMeal(…)` with these arguments, its ingredients built first.
  public func construct() throws -> CustomMeal {
    try CustomMeal(
      id: id, name: name, ingredients: ingredients.map { try $0.construct() }, createdAt: createdAt,
      lastUsedAt: lastUsedAt, servingsCount: servingsCount, userId: userId, lastModified: lastModified,
      syncStatus: syncStatus)
  }
}

extension DailyLogArguments {
  /// `DailyLog(…)` with these arguments, its items built first.
  public func construct() throws -> DailyLog {
    try DailyLog(
      id: id, date: date, foodItems: foodItems.map { try $0.construct() },
      exerciseItems: exerciseItems.map { try $0.construct() }, dailyGoal: dailyGoal, userId: userId,
      lastModified: lastModified, syncStatus: syncStatus)
  }
}

extension UserGoalArguments {
  /// `UserGoal(…)` with these arguments.
  public func construct() throws -> UserGoal {
    try UserGoal(
      dailyCalorieGoal: dailyCalorieGoal, createdAt: createdAt, userId: userId, lastModified: lastModified,
      syncStatus: syncStatus)
  }
}
