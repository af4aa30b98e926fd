import CountMeContract
import CountMeCore
import Foundation
import Generators

extension Gen {
  static let validGoal = optional(double(in: 0...ValidationConstants.maxDailyGoal), nilProbability: 0.3)
  static let logFoodItems = array(of: validFoodItem.map(\.value), count: 0...6, averageExtra: 1)
  static let logExerciseItems = array(of: validExerciseItem.map(\.value), count: 0...3, averageExtra: 0.5)

  /// Valid `DailyLog` arguments (tag `DailyLog.valid`): any date, a goal in range or nil.
  package static let validDailyLog: Generator<Tagged<DailyLogArguments>> =
    dailyLog(plan: BreakPlan.valid(model: "DailyLog"))

  /// `DailyLog` arguments whose goal is negative, above 50,000 or not finite.
  package static let invalidDailyLog: Generator<Tagged<DailyLogArguments>> =
    dailyLog(plan: BreakPlan.generator(model: "DailyLog", rules: [("dailyGoal", BreakPlan.rangeKinds)]))

  static func dailyLog(plan planGenerator: Generator<BreakPlan>) -> Generator<Tagged<DailyLogArguments>> {
    let brokenGoal = BreakPlan.brokenOptionals(max: ValidationConstants.maxDailyGoal)
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let goal = try plan.value("dailyGoal", &source, valid: validGoal, broken: brokenGoal)
      let arguments = DailyLogArguments(
        id: try source.draw(uuid), date: try source.draw(date),
        foodItems: try source.draw(logFoodItems), exerciseItems: try source.draw(logExerciseItems),
        dailyGoal: goal, userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(
        arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
