import CountMeContract
import CountMeCore
import Foundation
import Generators

extension Gen {
  static let exerciseRules: [(field: String, kinds: [ValidationRule])] = [
    ("name", [.empty]), ("caloriesBurned", BreakPlan.rangeKinds), ("durationMinutes", BreakPlan.rangeKinds),
  ]

  static let validDuration = optional(
    double(in: 0...ValidationConstants.maxDurationMinutes), nilProbability: 0.3)
  static let anyExerciseType = frequency([(9, exerciseType), (1, visibleName)])
  static let anyIntensity = frequency([(9, intensity), (1, visibleName)])
  static let notes = optional(visibleName, nilProbability: 0.6)

  /// Valid `ExerciseItem` arguments (tag `ExerciseItem.valid`), sometimes with an exercise type or
  /// intensity the app does not know (which must be kept).
  package static let validExerciseItem: Generator<Tagged<ExerciseItemArguments>> =
    exerciseItem(plan: BreakPlan.valid(model: "ExerciseItem"))

  /// `ExerciseItem` arguments that break at least one rule of requirement 2 or DESIGN.md.
  package static let invalidExerciseItem: Generator<Tagged<ExerciseItemArguments>> =
    exerciseItem(plan: BreakPlan.generator(model: "ExerciseItem", rules: exerciseRules))

  static func exerciseItem(plan planGenerator: Generator<BreakPlan>) -> Generator<
    Tagged<ExerciseItemArguments>
  > {
    let brokenCalories = BreakPlan.brokenNumbers(max: ValidationConstants.maxCalories)
    let brokenDuration = BreakPlan.brokenOptionals(max: ValidationConstants.maxDurationMinutes)
    return Generator { source in
      let plan = try planGenerator.run(&source)
      let name = try plan.value("name", &source, valid: visibleName) { _ in invisibleString }
      let calories = try plan.value("caloriesBurned", &source, valid: validCalories, broken: brokenCalories)
      let duration = try plan.value("durationMinutes", &source, valid: validDuration, broken: brokenDuration)
      let arguments = ExerciseItemArguments(
        id: try source.draw(uuid), name: name, caloriesBurned: calories, durationMinutes: duration,
        exerciseType: try source.draw(anyExerciseType), intensity: try source.draw(anyIntensity),
        notes: try source.draw(notes), timestamp: try source.draw(date),
        userId: try source.draw(constructorOwner),
        lastModified: try source.draw(date), syncStatus: try source.draw(syncStatus))
      return Tagged(
        arguments, tags: plan.tags, violations: plan.violations)
    }
  }
}
