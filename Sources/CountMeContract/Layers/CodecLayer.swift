import Foundation

/// The Firestore codec: the document each model writes and the deserialisers that read documents
/// written by any client. Judged by P11, P12, P22 and P27.
///
/// Deserialisers throw `SyncError`; encoders are given valid arguments.
public protocol CodecLayer: SystemUnderTest {
  /// The food item a `users/{uid}/foodItems/{id}` document holds.
  func decodeFoodItem(_ document: [String: Any]) throws -> FoodItemArguments
  /// The exercise item a `users/{uid}/exerciseItems/{id}` document holds.
  func decodeExerciseItem(_ document: [String: Any]) throws -> ExerciseItemArguments
  /// The custom meal a `users/{uid}/customMeals/{id}` document holds.
  func decodeCustomMeal(_ document: [String: Any]) throws -> CustomMealArguments
  /// The daily log a `users/{uid}/dailyLogs/{id}` document holds.
  func decodeDailyLog(_ document: [String: Any]) throws -> DailyLogArguments
  /// The goal a `users/{uid}/profile/settings` document holds.
  func decodeUserGoal(_ document: [String: Any]) throws -> UserGoalArguments

  /// The document the implementation writes for the food item these arguments build.
  func encodeFoodItem(_ arguments: FoodItemArguments) throws -> [String: Any]
  /// The document the implementation writes for the exercise item these arguments build.
  func encodeExerciseItem(_ arguments: ExerciseItemArguments) throws -> [String: Any]
  /// The document the implementation writes for the custom meal these arguments build.
  func encodeCustomMeal(_ arguments: CustomMealArguments) throws -> [String: Any]
  /// The document the implementation writes for the daily log these arguments build.
  func encodeDailyLog(_ arguments: DailyLogArguments) throws -> [String: Any]
  /// The document the implementation writes for the goal these arguments build.
  func encodeUserGoal(_ arguments: UserGoalArguments) throws -> [String: Any]
}
