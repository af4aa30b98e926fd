import CountMeContract
import CountMeCore

/// One bug in a meal's or a log's totals; the models themselves are the reference.
struct TotalsMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// One serving shown as the whole meal's calories.
    case perServingIgnoresServings
    /// Net calories shown as eaten plus burned.
    case netAddsBurned
    /// A meal's fats summed from its ingredients' protein.
    case fatsFromProtein

    /// The model whose totals hold the bug.
    var layer: Layer { self == .netAddsBurned ? .dailyLogs : .customMeals }
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func mealTotals(_ arguments: CustomMealArguments) throws -> MealTotals {
    var totals = try ReferenceSystem().mealTotals(arguments)
    switch bug {
    case .perServingIgnoresServings: totals.caloriesPerServing = totals.calories
    case .fatsFromProtein: totals.fats = totals.protein
    case .netAddsBurned: break
    }
    return totals
  }

  func logTotals(_ arguments: DailyLogArguments) throws -> LogTotals {
    var totals = try ReferenceSystem().logTotals(arguments)
    if bug == .netAddsBurned { totals.net = totals.eaten + totals.burned }
    return totals
  }
}
