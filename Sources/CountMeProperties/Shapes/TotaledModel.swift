import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

/// A valid meal or daily log, with the totals its documentation states, summed in the harness.
///
/// A valid meal or daily log, for the property that checks their totals (P25), with the totals
/// the models' documentation states, summed here in the harness: a meal's calories, protein,
/// carbohydrates and fats are the sums over its ingredients (a missing macro counts 0), and one
/// serving is the calories over `servingsCount`; a log's calories eaten and burned are the sums over
/// its food and exercise items, and net is eaten minus burned.
enum TotaledModel: Sendable {
  case customMeal(CustomMealArguments)
  case dailyLog(DailyLogArguments)

  var model: DocumentModel {
    switch self {
    case .customMeal: return .customMeal
    case .dailyLog: return .dailyLog
    }
  }

  /// The arguments in their corpus encoding.
  var json: JSON {
    switch self {
    case .customMeal(let meal): return meal.json
    case .dailyLog(let log): return log.json
    }
  }

  /// The totals as the documentation states them, and as `system` computes them, by name.
  func totals(by system: SystemLayers) throws -> (
    expected: [(String, Double)], actual: [(String, Double)]
  ) {
    switch self {
    case .customMeal(let meal):
      func sum(_ part: (IngredientArguments) -> Double?) -> Double {
        meal.ingredients.reduce(0) { $0 + (part($1) ?? 0) }
      }
      let calories = sum(\.calories)
      let made = try system.customMeals.mealTotals(meal)
      return (
        [
          ("calories", calories), ("protein", sum(\.protein)), ("carbohydrates", sum(\.carbohydrates)),
          ("fats", sum(\.fats)), ("caloriesPerServing", calories / meal.servingsCount),
        ],
        [
          ("calories", made.calories), ("protein", made.protein), ("carbohydrates", made.carbohydrates),
          ("fats", made.fats), ("caloriesPerServing", made.caloriesPerServing),
        ]
      )
    case .dailyLog(let log):
      let eaten = log.foodItems.reduce(0) { $0 + $1.calories }
      let burned = log.exerciseItems.reduce(0) { $0 + $1.caloriesBurned }
      let made = try system.dailyLogs.logTotals(log)
      return (
        [("eaten", eaten), ("burned", burned), ("net", eaten - burned)],
        [("eaten", made.eaten), ("burned", made.burned), ("net", made.net)]
      )
    }
  }

  /// Reads the arguments of a `model` (a meal or a log) from a corpus file.
  static func decode(_ json: JSON, model: DocumentModel?) throws -> TotaledModel {
    switch model {
    case .customMeal?: return .customMeal(try ModelSchemas.customMeal.decode(json, path: "input"))
    case .dailyLog?: return .dailyLog(try ModelSchemas.dailyLog.decode(json, path: "input"))
    default:
      throw InputDecodingError(
        path: "case.model", problem: "a totals case names its model: CustomMeal or DailyLog")
    }
  }

  /// Valid meals and logs, tagged as the valid generators tag them.
  static let generator: Generator<Tagged<TotaledModel>> = Gen.oneOf([
    Gen.validCustomMeal.map { Tagged(TotaledModel.customMeal($0.value), tags: $0.tags) },
    Gen.validDailyLog.map { Tagged(TotaledModel.dailyLog($0.value), tags: $0.tags) },
  ])
}
