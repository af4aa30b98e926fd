import CountMeContract
import CountMeCore
import Foundation
import Generators

extension Gen {
  /// The rules of a user's goal: the daily log's bounds on a whole number, which is never NaN.
  static let userGoalRules: [(field: String, kinds: [ValidationRule])] = [
    ("dailyCalorieGoal", [.negative, .aboveMax])
  ]

  /// Goals in `0...maxDailyGoal`, a fifth of them at or next to a bound.
  static let validCalorieGoal = biased(
    toward: [0, 1, 49_999, 50_000], probability: 0.2, otherwise: int(in: 0...50_000, shrinkingToward: 2_000))

  /// Goals below 0 or above 50,000: whole numbers next to the bound, shrinking toward it, and the
  /// extremes of `Int`.
  static func brokenCalorieGoal(_ kind: ValidationRule) -> Generator<Int> {
    kind == .negative ? negativeGoal : aboveMaxGoal
  }
  static let negativeGoal = frequency([
    (4, int(in: -1_000_000 ... -1, shrinkingToward: -1)), (1, element(of: [Int.min, -50_000])),
  ])
  static let aboveMaxGoal = frequency([
    (4, int(in: 50_001...1_000_000, shrinkingToward: 50_001)), (1, element(of: [Int.max, 100_000])),
  ])

  /// Valid `UserGoal` arguments (tag `UserGoal.valid`).
  package static let validUserGoal: Generator<Tagged<UserGoalArguments>> =
    userGoal(plan: BreakPlan.valid(model: "UserGoal"))

  /// `UserGoal` arguments whose goal is negative or above 50,000.
  package static let invalidUserGoal: Generator<Tagged<UserGoalArguments>> =
    userGoal(plan: BreakPlan.generator(model: "UserGoal", rules: userGoalRules))

  static func userGoal(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<UserGoalArguments>> {
    Generator { source in
      let plan = try planGenerator.run(&source)
      let goal = try plan.value(
        "dailyCalorieGoal", &source, valid: validCalorieGoal, broken: brokenCalorieGoal)
      let arguments = UserGoalArguments(
        dailyCalorieGoal: goal, createdAt: try source.draw(date), userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
