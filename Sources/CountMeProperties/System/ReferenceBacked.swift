import CountMeCore
import Foundation
import Generators

/// An implementation that is CountMeCore except where it says otherwise: every method of
/// `SystemUnderTest` defaults to `ReferenceSystem`'s, so a variant states only what it changes.
///
/// Mutants are built this way; so can an adapter that checks only part of the app (its constructors,
/// say) while the rest stays the reference.
public protocol ReferenceBacked: SystemUnderTest {}

extension ReferenceBacked {
  /// CountMeCore's, unless the conforming type says otherwise.
  public func makeFoodItem(_ arguments: FoodItemArguments) throws -> FoodItemArguments {
    try ReferenceSystem().makeFoodItem(arguments)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func makeExerciseItem(_ arguments: ExerciseItemArguments) throws -> ExerciseItemArguments {
    try ReferenceSystem().makeExerciseItem(arguments)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func makeIngredient(_ arguments: IngredientArguments) throws -> IngredientArguments {
    try ReferenceSystem().makeIngredient(arguments)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func makeCustomMeal(_ arguments: CustomMealArguments) throws -> CustomMealArguments {
    try ReferenceSystem().makeCustomMeal(arguments)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func makeDailyLog(_ arguments: DailyLogArguments) throws -> DailyLogArguments {
    try ReferenceSystem().makeDailyLog(arguments)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func decodeFoodItem(_ document: [String: Any]) throws -> FoodItemArguments {
    try ReferenceSystem().decodeFoodItem(document)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func decodeExerciseItem(_ document: [String: Any]) throws -> ExerciseItemArguments {
    try ReferenceSystem().decodeExerciseItem(document)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func decodeCustomMeal(_ document: [String: Any]) throws -> CustomMealArguments {
    try ReferenceSystem().decodeCustomMeal(document)
  }
  /// CountMeCore's, unless the conforming type says otherwise.
  public func decodeDailyLog(_ document: [String: Any]) throws -> DailyLogArguments {
    try ReferenceSystem().decodeDailyLog(document)
  }
}
