import CountMeContract
import CountMeCore

/// One bug in one model initialiser; every other rule is checked by the reference.
struct ModelMutant: ReferenceForwarding {
  enum Bug: Sendable {
    case caloriesMaxExclusive, caloriesAllowOneMore, quantityAllowsZero, quantityMinimumOne, durationMax1439,
      durationMax1441
    case nameNotTrimmed, nameOnlyASCIISpacesTrimmed, invisibleNameAccepted, fatsNeverChecked,
      macrosOnlyWhenAllPresent
    case nanCaloriesAccepted, wrongErrorAboveMax, servingsAllowZero, emptyIngredientsAccepted,
      goalMaxExclusive
    case negativeGoalAccepted, ingredientMacrosUnchecked, exerciseNameUnchecked, mealDropsLastIngredient,
      caloriesRounded
    case userGoalMaxExclusive, negativeUserGoalAccepted

    /// The model whose initialiser holds the bug.
    var layer: Layer {
      switch self {
      case .caloriesMaxExclusive, .caloriesAllowOneMore, .nameNotTrimmed, .nameOnlyASCIISpacesTrimmed,
        .invisibleNameAccepted, .fatsNeverChecked, .macrosOnlyWhenAllPresent, .nanCaloriesAccepted,
        .wrongErrorAboveMax, .caloriesRounded:
        return .foodItems
      case .durationMax1439, .durationMax1441, .exerciseNameUnchecked: return .exerciseItems
      case .quantityAllowsZero, .quantityMinimumOne, .ingredientMacrosUnchecked: return .ingredients
      case .servingsAllowZero, .emptyIngredientsAccepted, .mealDropsLastIngredient: return .customMeals
      case .goalMaxExclusive, .negativeGoalAccepted: return .dailyLogs
      case .userGoalMaxExclusive, .negativeUserGoalAccepted: return .userGoals
      }
    }
  }

  let bug: Bug
  private let reference = ReferenceSystem()

  init(_ bug: Bug) { self.bug = bug }

  /// Accepts `arguments` when they pass every other rule: the reference checks a copy with the
  /// buggy field made valid.
  private func accepting<A>(_ arguments: A, _ make: (A) throws -> A, neutralize: (inout A) -> Void) throws
    -> A
  {
    var valid = arguments
    neutralize(&valid)
    _ = try make(valid)
    return arguments
  }

  private static func asciiSpacesOnly(_ text: String) -> Bool { text.allSatisfy { $0 == " " } }

  func makeFoodItem(_ a: FoodItemArguments) throws -> FoodItemArguments {
    let make = reference.makeFoodItem
    switch bug {
    case .caloriesMaxExclusive where a.calories == 50_000:
      throw ValidationError.caloriesExceedMax(modelType: "FoodItem", value: a.calories, max: 50_000)
    case .caloriesAllowOneMore where a.calories > 50_000 && a.calories <= 50_001:
      return try accepting(a, make) { $0.calories = 1 }
    case .nameNotTrimmed where !a.name.isEmpty:
      return try accepting(a, make) { $0.name = "x" }
    case .nameOnlyASCIISpacesTrimmed where !Self.asciiSpacesOnly(a.name):
      return try accepting(a, make) { $0.name = "x" }
    case .invisibleNameAccepted where !a.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty:
      return try accepting(a, make) { $0.name = "x" }
    case .fatsNeverChecked:
      return try accepting(a, make) { $0.fats = nil }
    case .macrosOnlyWhenAllPresent where a.protein == nil || a.carbohydrates == nil || a.fats == nil:
      return try accepting(a, make) {
        $0.protein = nil; $0.carbohydrates = nil; $0.fats = nil
      }
    case .nanCaloriesAccepted where a.calories.isNaN:
      return try accepting(a, make) { $0.calories = 1 }
    case .wrongErrorAboveMax where a.calories > 50_000 && a.calories.isFinite:
      var valid = a
      valid.calories = 1
      _ = try make(valid)
      throw ValidationError.negativeCalories(modelType: "FoodItem", value: a.calories)
    case .caloriesRounded:
      var made = try make(a)
      made.calories = made.calories.rounded()
      return made
    default:
      return try make(a)
    }
  }

  func makeExerciseItem(_ a: ExerciseItemArguments) throws -> ExerciseItemArguments {
    let make = reference.makeExerciseItem
    switch bug {
    case .durationMax1439 where (a.durationMinutes ?? 0) > 1_439 && (a.durationMinutes ?? 0) <= 1_440:
      throw ValidationError.durationExceedMax(value: a.durationMinutes ?? 0, max: 1_439)
    case .durationMax1441 where (a.durationMinutes ?? 0) > 1_440 && (a.durationMinutes ?? 0) <= 1_441:
      return try accepting(a, make) { $0.durationMinutes = 1 }
    case .exerciseNameUnchecked:
      return try accepting(a, make) { $0.name = "x" }
    default:
      return try make(a)
    }
  }

  func makeIngredient(_ a: IngredientArguments) throws -> IngredientArguments {
    let make = reference.makeIngredient
    switch bug {
    case .quantityAllowsZero where a.quantity == 0:
      return try accepting(a, make) { $0.quantity = 1 }
    case .quantityMinimumOne where a.quantity > 0 && a.quantity < 1:
      throw ValidationError.nonPositiveQuantity(value: a.quantity)
    case .ingredientMacrosUnchecked:
      return try accepting(a, make) {
        $0.protein = nil; $0.carbohydrates = nil; $0.fats = nil
      }
    default:
      return try make(a)
    }
  }

  func makeCustomMeal(_ a: CustomMealArguments) throws -> CustomMealArguments {
    let make = reference.makeCustomMeal
    switch bug {
    case .servingsAllowZero where a.servingsCount == 0:
      return try accepting(a, make) { $0.servingsCount = 1 }
    case .emptyIngredientsAccepted where a.ingredients.isEmpty:
      var valid = a
      valid.ingredients = [
        IngredientArguments(
          id: a.id, name: "x", quantity: 1, unit: "g", calories: 0, protein: nil,
          carbohydrates: nil, fats: nil)
      ]
      _ = try make(valid)
      return a
    case .mealDropsLastIngredient:
      var made = try make(a)
      if made.ingredients.count > 1 { made.ingredients.removeLast() }
      return made
    default:
      return try make(a)
    }
  }

  func makeDailyLog(_ a: DailyLogArguments) throws -> DailyLogArguments {
    switch bug {
    case .goalMaxExclusive where a.dailyGoal == 50_000:
      throw ValidationError.goalExceedMax(value: 50_000, max: 50_000)
    case .negativeGoalAccepted where (a.dailyGoal ?? 0) < 0:
      return try accepting(a, reference.makeDailyLog) { $0.dailyGoal = nil }
    default:
      return try reference.makeDailyLog(a)
    }
  }

  func makeUserGoal(_ a: UserGoalArguments) throws -> UserGoalArguments {
    switch bug {
    case .userGoalMaxExclusive where a.dailyCalorieGoal == 50_000:
      throw ValidationError.userGoalExceedMax(value: 50_000, max: 50_000)
    case .negativeUserGoalAccepted where a.dailyCalorieGoal < 0:
      return try accepting(a, reference.makeUserGoal) { $0.dailyCalorieGoal = 0 }
    default:
      return try reference.makeUserGoal(a)
    }
  }

}

import Foundation
