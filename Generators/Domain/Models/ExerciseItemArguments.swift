import CountMeCore
import Foundation

/// Every argument of `ExerciseItem.init`, in its order: an input for properties 3 and 4.
public struct ExerciseItemArguments: Sendable, Equatable {
  /// Its identity, stable across devices.
  public var id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// The name a person sees.
  public var name: String = ""
  /// Energy burned in kilocalories, `0...maxCalories`.
  public var caloriesBurned: Double = 0
  /// Minutes, `0...maxDurationMinutes`, or nil when not given.
  public var durationMinutes: Double?
  /// The kind of exercise, kept as written (unknown kinds included).
  public var exerciseType: String = ""
  /// How hard, kept as written.
  public var intensity: String = ""
  /// Free text, or nil.
  public var notes: String?
  /// When it happened.
  public var timestamp: Date = Date(timeIntervalSince1970: 0)
  /// The owner's uid ("" before sign-in).
  public var userId: String = ""
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date = Date(timeIntervalSince1970: 0)
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus = .synced

  /// A blank value, every field at its simplest (nil UUID, empty, 0, nil, 1970), for a decoder
  /// to fill in field by field.
  public init() {}

  /// Creates an `ExerciseItemArguments` from its parts: an adapter's way to hand over its model, with the
  /// compiler checking that it names every field.
  ///
  /// NB: the body repeats `ExerciseItem.init`'s assignments on purpose: this value must be able to
  /// hold what the model refuses, and Swift writes no public memberwise initialiser.
  public init(
    id: UUID, name: String, caloriesBurned: Double, durationMinutes: Double?, exerciseType: String,
    intensity: String, notes: String?, timestamp: Date, userId: String, lastModified: Date,
    syncStatus: SyncStatus
  ) {
    self.id = id
    self.name = name
    self.caloriesBurned = caloriesBurned
    self.durationMinutes = durationMinutes
    self.exerciseType = exerciseType
    self.intensity = intensity
    self.notes = notes
    self.timestamp = timestamp
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }
}

extension Gen {
  static let exerciseRules: [(field: String, kinds: [Violation.Kind])] = [
    ("name", [.empty]), ("caloriesBurned", BreakPlan.rangeKinds), ("durationMinutes", BreakPlan.rangeKinds),
  ]

  static let validDuration = optional(
    double(in: 0...ValidationConstants.maxDurationMinutes), nilProbability: 0.3)
  static let anyExerciseType = frequency([(9, exerciseType), (1, visibleName)])
  static let anyIntensity = frequency([(9, intensity), (1, visibleName)])
  static let notes = optional(visibleName, nilProbability: 0.6)

  /// Valid `ExerciseItem` arguments (tag `ExerciseItem.valid`), sometimes with an exercise type or
  /// intensity the app does not know (which must be kept).
  public static let validExerciseItem: Generator<Tagged<ExerciseItemArguments>> =
    exerciseItem(plan: BreakPlan.valid(model: "ExerciseItem"))

  /// `ExerciseItem` arguments that break at least one rule of requirement 2 or DESIGN.md.
  public static let invalidExerciseItem: Generator<Tagged<ExerciseItemArguments>> =
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
