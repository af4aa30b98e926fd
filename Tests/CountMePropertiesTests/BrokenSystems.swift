import CountMeCore
import CountMeProperties
import Generators

/// The reference implementation with one bug, to show a property catches it.
struct BrokenSystem: SystemUnderTest {
  enum Bug { case caloriesAllowOneMore, decoderDropsProtein, decoderSkipsIngredientQuantity, rejectsMaxCalories }
  let bug: Bug
  let reference = ReferenceSystem()

  func makeFoodItem(_ arguments: FoodItemArguments) throws -> FoodItemArguments {
    switch bug {
    case .caloriesAllowOneMore where arguments.calories > 50_000 && arguments.calories <= 50_001:
      var valid = arguments
      valid.calories = 0
      _ = try reference.makeFoodItem(valid)  // every other rule still checked
      return arguments
    case .rejectsMaxCalories where arguments.calories == 50_000:
      throw ValidationError.caloriesExceedMax(modelType: "FoodItem", value: 50_000, max: 50_000)
    default:
      return try reference.makeFoodItem(arguments)
    }
  }

  func decodeFoodItem(_ document: [String: Any]) throws -> FoodItemArguments {
    var item = try reference.decodeFoodItem(document)
    if bug == .decoderDropsProtein { item.protein = nil }
    return item
  }

  func decodeCustomMeal(_ document: [String: Any]) throws -> CustomMealArguments {
    do {
      return try reference.decodeCustomMeal(document)
    } catch SyncError.invalidData(let reason) where bug == .decoderSkipsIngredientQuantity && reason.contains("].quantity") {
      return CustomMealArguments(id: UUID(), name: "accepted", ingredients: [], createdAt: .distantPast,
                                 lastUsedAt: .distantPast, servingsCount: 1, userId: "u", lastModified: .distantPast,
                                 syncStatus: .synced)
    }
  }

  func makeExerciseItem(_ a: ExerciseItemArguments) throws -> ExerciseItemArguments { try reference.makeExerciseItem(a) }
  func makeIngredient(_ a: IngredientArguments) throws -> IngredientArguments { try reference.makeIngredient(a) }
  func makeCustomMeal(_ a: CustomMealArguments) throws -> CustomMealArguments { try reference.makeCustomMeal(a) }
  func makeDailyLog(_ a: DailyLogArguments) throws -> DailyLogArguments { try reference.makeDailyLog(a) }
  func decodeExerciseItem(_ d: [String: Any]) throws -> ExerciseItemArguments { try reference.decodeExerciseItem(d) }
  func decodeDailyLog(_ d: [String: Any]) throws -> DailyLogArguments { try reference.decodeDailyLog(d) }
}

import Foundation
