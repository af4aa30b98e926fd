import Foundation

/// The Firestore codec: the document each model writes and the deserialisers that read documents
/// written by any client. Judged by P11, P12, P22 and P27.
///
/// Deserialisers throw `SyncError`; encoders are given valid arguments.
///
/// A document is `[String: Any]` as the Firestore SDK hands one over, and holds only Firestore's
/// value types: `NSNull`; `Bool`; `Int64` (or `Int`); `Double`; an `NSNumber` for either, as the
/// iOS SDK gives them; `String`; CountMeCore's `Timestamp`, `GeoPoint` and `DocumentReference`;
/// `Data`; and `[Any]` and `[String: Any]` of these. Decoders are handed documents of every client's
/// shape (`ClientShape`: Swift values, the iOS SDK's `NSNumber`s, Android's whole numbers as
/// integers); an encoder may write any of these types, and the properties read what it wrote back
/// by value.
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
