import CountMeCore
import Foundation

extension ReferenceSystem {
  /// CountMeCore's `FoodItem.fromFirestoreData`.
  public func decodeFoodItem(_ document: [String: Any]) throws -> FoodItemArguments {
    FoodItemArguments(try FoodItem.fromFirestoreData(document))
  }
  /// CountMeCore's `ExerciseItem.fromFirestoreData`.
  public func decodeExerciseItem(_ document: [String: Any]) throws -> ExerciseItemArguments {
    ExerciseItemArguments(try ExerciseItem.fromFirestoreData(document))
  }
  /// CountMeCore's `CustomMeal.fromFirestoreData`.
  public func decodeCustomMeal(_ document: [String: Any]) throws -> CustomMealArguments {
    CustomMealArguments(try CustomMeal.fromFirestoreData(document))
  }
  /// CountMeCore's `DailyLog.fromFirestoreData`.
  public func decodeDailyLog(_ document: [String: Any]) throws -> DailyLogArguments {
    DailyLogArguments(try DailyLog.fromFirestoreData(document))
  }
  /// CountMeCore's `UserGoal.fromFirestoreData`.
  public func decodeUserGoal(_ document: [String: Any]) throws -> UserGoalArguments {
    UserGoalArguments(try UserGoal.fromFirestoreData(document))
  }

  /// CountMeCore's `toFirestoreData()`.
  public func encodeFoodItem(_ arguments: FoodItemArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
  /// CountMeCore's `toFirestoreData()`.
  public func encodeExerciseItem(_ arguments: ExerciseItemArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
  /// CountMeCore's `toFirestoreData()`.
  public func encodeCustomMeal(_ arguments: CustomMealArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
  /// CountMeCore's `toFirestoreData()`.
  public func encodeDailyLog(_ arguments: DailyLogArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
  /// CountMeCore's `toFirestoreData()`.
  public func encodeUserGoal(_ arguments: UserGoalArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
}
