import CountMeCore
import Foundation

/// CountMeCore, the reference implementation: every layer of the contract.
///
/// The properties judge it as they judge any adapter; an adapter borrows one of its layers only by
/// naming it in `borrowedLayers`.
public struct ReferenceSystem: FoodItemsLayer, ExerciseItemsLayer, IngredientsLayer, CustomMealsLayer,
  DailyLogsLayer, UserGoalsLayer, CredentialsLayer, AuthLayer, AccountsLayer, CodecLayer,
  AndroidFormatLayer, SaveFeedbackLayer, ConflictsLayer, RetentionLayer,
  QueueLayer,
  EngineLayer,
  DeviceSyncLayer, LogSyncLayer, WorkoutSyncLayer
{
  /// CountMeCore itself.
  public init() {}

  /// CountMeCore's `SignUpRequest.checked(email:password:)`.
  public func signUpRequest(email: String, password: String) throws -> SignUpRequest {
    try SignUpRequest.checked(email: email, password: password)
  }

  /// CountMeCore's `AuthSession(restoring:)`.
  public func makeAuth(restoring stored: AuthGrant?) -> any AuthUnderTest { AuthSession(restoring: stored) }

  /// CountMeCore's `SharedDevice(queue:)` of `type`.
  public func makeSharedDevice<Entity: CloudSyncedEntity>(of type: Entity.Type, queue: any SyncQueueing)
    -> any SharedDeviceUnderTest<Entity>
  {
    SharedDevice<Entity>(queue: queue)
  }

  /// CountMeCore's `FoodItem.init`.
  public func makeFoodItem(_ arguments: FoodItemArguments) throws -> FoodItemArguments {
    FoodItemArguments(try arguments.construct())
  }
  /// CountMeCore's `FoodItem(name:calories:)`.
  public func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments {
    FoodItemArguments(try FoodItem(name: name, calories: calories))
  }

  /// CountMeCore's `ExerciseItem.init`.
  public func makeExerciseItem(_ arguments: ExerciseItemArguments) throws -> ExerciseItemArguments {
    ExerciseItemArguments(try arguments.construct())
  }
  /// CountMeCore's `ExerciseItem(name:caloriesBurned:)`.
  public func newExerciseItem(name: String, caloriesBurned: Double) throws -> ExerciseItemArguments {
    ExerciseItemArguments(try ExerciseItem(name: name, caloriesBurned: caloriesBurned))
  }

  /// CountMeCore's `Ingredient.init`.
  public func makeIngredient(_ arguments: IngredientArguments) throws -> IngredientArguments {
    IngredientArguments(try arguments.construct())
  }

  /// CountMeCore's `CustomMeal.init`.
  public func makeCustomMeal(_ arguments: CustomMealArguments) throws -> CustomMealArguments {
    CustomMealArguments(try arguments.construct())
  }
  /// CountMeCore's `CustomMeal(name:ingredients:)`.
  public func newCustomMeal(name: String, ingredients: [IngredientArguments]) throws -> CustomMealArguments {
    CustomMealArguments(try CustomMeal(name: name, ingredients: ingredients.map { try $0.construct() }))
  }
  /// CountMeCore's `CustomMeal` totals.
  public func mealTotals(_ arguments: CustomMealArguments) throws -> MealTotals {
    let meal = try arguments.construct()
    return MealTotals(
      calories: meal.totalCalories, protein: meal.totalProtein, carbohydrates: meal.totalCarbohydrates,
      fats: meal.totalFats, caloriesPerServing: meal.caloriesPerServing)
  }

  /// CountMeCore's `DailyLog.init`.
  public func makeDailyLog(_ arguments: DailyLogArguments) throws -> DailyLogArguments {
    DailyLogArguments(try arguments.construct())
  }
  /// CountMeCore's `DailyLog(date:)`.
  public func newDailyLog(date: Date) throws -> DailyLogArguments {
    DailyLogArguments(try DailyLog(date: date))
  }
  /// CountMeCore's `DailyLog` totals.
  public func logTotals(_ arguments: DailyLogArguments) throws -> LogTotals {
    let log = try arguments.construct()
    return LogTotals(eaten: log.totalCalories, burned: log.totalExerciseCalories, net: log.netCalories)
  }

  /// CountMeCore's `UserGoal.init`.
  public func makeUserGoal(_ arguments: UserGoalArguments) throws -> UserGoalArguments {
    UserGoalArguments(try arguments.construct())
  }
  /// CountMeCore's `UserGoal(dailyCalorieGoal:)`.
  public func newUserGoal(dailyCalorieGoal: Int) throws -> UserGoalArguments {
    UserGoalArguments(try UserGoal(dailyCalorieGoal: dailyCalorieGoal))
  }
}
