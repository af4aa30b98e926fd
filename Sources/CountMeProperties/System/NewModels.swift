import CountMeCore
import Foundation
import Generators

// New models as a user makes them: only what the user enters, every other field left to the
// initialiser's defaults (property 26).

extension SystemUnderTest {
  /// CountMeCore's `FoodItem(name:calories:)`, for an implementation that provides none.
  public func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments {
    FoodItemArguments(try FoodItem(name: name, calories: calories))
  }

  /// CountMeCore's `ExerciseItem(name:caloriesBurned:)`, for an implementation that provides none.
  public func newExerciseItem(name: String, caloriesBurned: Double) throws -> ExerciseItemArguments {
    ExerciseItemArguments(try ExerciseItem(name: name, caloriesBurned: caloriesBurned))
  }

  /// CountMeCore's `CustomMeal(name:ingredients:)`, for an implementation that provides none.
  public func newCustomMeal(name: String, ingredients: [IngredientArguments]) throws -> CustomMealArguments {
    CustomMealArguments(try CustomMeal(name: name, ingredients: ingredients.map { try $0.construct() }))
  }

  /// CountMeCore's `DailyLog(date:)`, for an implementation that provides none.
  public func newDailyLog(date: Date) throws -> DailyLogArguments {
    DailyLogArguments(try DailyLog(date: date))
  }

  /// CountMeCore's `UserGoal(dailyCalorieGoal:)`, for an implementation that provides none.
  public func newUserGoal(dailyCalorieGoal: Int) throws -> UserGoalArguments {
    UserGoalArguments(try UserGoal(dailyCalorieGoal: dailyCalorieGoal))
  }
}
