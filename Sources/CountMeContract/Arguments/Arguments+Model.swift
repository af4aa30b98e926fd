import CountMeCore

// The fields of a built model, as the arguments struct that would build it again.

extension FoodItemArguments {
  /// The fields of `item`.
  public init(_ item: FoodItem) {
    self.init(
      id: item.id, name: item.name, calories: item.calories, timestamp: item.timestamp,
      servingSize: item.servingSize, servingUnit: item.servingUnit, source: item.source,
      protein: item.protein,
      carbohydrates: item.carbohydrates, fats: item.fats, userId: item.userId,
      lastModified: item.lastModified,
      syncStatus: item.syncStatus)
  }
}

extension ExerciseItemArguments {
  /// The fields of `item`.
  public init(_ item: ExerciseItem) {
    self.init(
      id: item.id, name: item.name, caloriesBurned: item.caloriesBurned,
      durationMinutes: item.durationMinutes,
      exerciseType: item.exerciseType, intensity: item.intensity, notes: item.notes,
      timestamp: item.timestamp,
      userId: item.userId, lastModified: item.lastModified, syncStatus: item.syncStatus)
  }
}

extension IngredientArguments {
  /// The fields of `ingredient`.
  public init(_ ingredient: Ingredient) {
    self.init(
      id: ingredient.id, name: ingredient.name, quantity: ingredient.quantity, unit: ingredient.unit,
      calories: ingredient.calories, protein: ingredient.protein, carbohydrates: ingredient.carbohydrates,
      fats: ingredient.fats)
  }
}

extension CustomMealArguments {
  /// The fields of `meal`.
  public init(_ meal: CustomMeal) {
    self.init(
      id: meal.id, name: meal.name, ingredients: meal.ingredients.map(IngredientArguments.init),
      createdAt: meal.createdAt, lastUsedAt: meal.lastUsedAt, servingsCount: meal.servingsCount,
      userId: meal.userId, lastModified: meal.lastModified, syncStatus: meal.syncStatus)
  }
}

extension DailyLogArguments {
  /// The fields of `log`.
  public init(_ log: DailyLog) {
    self.init(
      id: log.id, date: log.date, foodItems: log.foodItems.map(FoodItemArguments.init),
      exerciseItems: log.exerciseItems.map(ExerciseItemArguments.init), dailyGoal: log.dailyGoal,
      userId: log.userId, lastModified: log.lastModified, syncStatus: log.syncStatus)
  }
}

extension UserGoalArguments {
  /// The fields of `goal`.
  public init(_ goal: UserGoal) {
    self.init(
      dailyCalorieGoal: goal.dailyCalorieGoal, createdAt: goal.createdAt, userId: goal.userId,
      lastModified: goal.lastModified, syncStatus: goal.syncStatus)
  }
}
