import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// A W property of the offline queue, failing at the run's first departure from seed 004's `rule`.
  ///
  /// A W property of the offline queue: a `WorkoutQueueRun` of scenarios shaped as `shape`, failing
  /// at the run's first departure from seed 004's section `rule`.
  static func queueSpec(
    _ id: PropertyID, _ name: String, rule: String, shape: WorkoutQueueScenario.Shape, killBudget: Int,
    generatorVersion: Int = 1, statement: String, anomaly: Anomaly
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: [rule], judges: [.workoutSync], policy: policy, killBudget: killBudget,
      generator: { _ in WorkoutQueueScenario.generator(shape) }, encode: \.json,
      decode: { json, _ in try WorkoutQueueScenario.decode(json) }, expect: { _ in .holds(statement) },
      observe: { scenario, system in
        guard let finding = WorkoutQueueRun(scenario, system).first(rule) else { return .holds }
        return .broke(
          "at steps[\(finding.step)] (\(scenario.steps[finding.step])): \(finding.text)", anomaly: anomaly,
          step: finding.step)
      })
    spec.anomaly = anomaly
    spec.generatorVersion = generatorVersion
    return spec.erased
  }

  /// Seed 004, 1.2: at most 5 attempts, 300 s apart, and an operation out of attempts is kept.
  ///
  /// Seed 004, 1.2: an operation is attempted at most 5 times, each retry 300 s after the failure
  /// (the polling interval, constant); out of attempts it is kept, needing manual intervention, never
  /// deleted; a decoding failure is permanent, removed at once with its reason.
  ///
  /// Its attempts and its place survive a restart (`retryCount` is stored with the item).
  static let attemptsAndInterval = queueSpec(
    "W1.2", "At most 5 attempts, 300 s apart; then kept for manual intervention", rule: "1.2",
    shape: .init(
      types: [.module, .session],
      outcomes: [(2, .success), (6, .unavailable), (3, .denied), (1, .undecodable)],
      waits: [300, 300, 300, 299, 900], network: false, restarts: true, enqueueWeight: 2, averageLength: 40,
      waitsOutFailures: true),
    killBudget: 1_000, generatorVersion: 2,
    statement: "≤ 5 attempts 300 s apart, then kept failed; a decoding failure removed with its reason",
    anomaly: .wrongRetrySchedule)

  /// Seed 004, 1.3: of the operations due, the queue sends one of the most urgent type.
  ///
  /// Seed 004, 1.3: of the operations due, the queue sends one of the most urgent type (setData,
  /// session, userProfile, customExercise, module, workout, program, scheduledWorkout), the oldest
  /// of that type first.
  static let priorityOrder = queueSpec(
    "W1.3", "Operations sync by type priority, oldest first within a type", rule: "1.3",
    shape: .init(
      types: WorkoutQueueRun.priority,
      outcomes: [(4, .success), (1, .unavailable), (1, .denied), (1, .undecodable)],
      waits: [1, 300], network: false),
    killBudget: 300, statement: "the due operation of the most urgent type, the oldest of it first",
    anomaly: .wrongRetrySchedule)

  /// Seed 004, 1.8: nothing is attempted offline, and when the network returns every operation
  /// waiting for its retry is attempted at once.
  static let pausesOfflineRetriesOnReconnect = queueSpec(
    "W1.8", "Sync pauses offline and retries at once when the network returns", rule: "1.8",
    shape: .init(
      types: [.session, .module],
      outcomes: [(2, .success), (4, .unavailable), (2, .denied), (1, .undecodable)],
      waits: [1, 60, 300], network: true, reconnectsAtOnce: true),
    killBudget: 300, generatorVersion: 2,
    statement: "paused offline; every waiting retry due when the network returns",
    anomaly: .stuckQueue)
}
