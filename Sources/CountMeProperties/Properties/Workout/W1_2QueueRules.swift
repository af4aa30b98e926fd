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

  /// Seed 004, 1.8: nothing is attempted offline, every waiting retry goes when the network returns.
  ///
  /// Seed 004, 1.8: nothing is attempted offline, when the network returns every operation waiting
  /// for its retry is attempted at once, and the status the UI shows follows the network and the queue.
  ///
  /// Half its cases (since its generator's version 3) run the app instead of its queue alone
  /// (`WorkoutAppRun`: a device's saves queued for their pushes), where the status is judged after
  /// every step: offline while the network is down, failed while a push waits for the user,
  /// syncing while one waits to go, synced otherwise.
  static let pausesOfflineRetriesOnReconnect = {
    let queueRuns = WorkoutQueueScenario.generator(
      .init(
        types: [.session, .module],
        outcomes: [(2, .success), (4, .unavailable), (2, .denied), (1, .undecodable)],
        waits: [1, 60, 300], network: true, reconnectsAtOnce: true)
    ).map { Tagged(NetworkAwareInput.queue($0.value), tags: $0.tags) }
    let appRuns = WorkoutAppScenario.generator.map { Tagged(NetworkAwareInput.app($0.value), tags: $0.tags) }
    var spec = PropertySpec(
      id: "W1.8", name: "Sync pauses offline, retries at once when the network returns, and says so",
      validates: ["1.8"], judges: [.workoutSync], policy: policy, killBudget: 300,
      generator: { _ in Gen.frequency([(1, queueRuns), (1, appRuns)]) }, encode: \.json,
      decode: { json, _ in try NetworkAwareInput(json: json) },
      expect: { _ in
        .holds("paused offline; every waiting retry due when the network returns; the status follows both")
      },
      observe: { input, system in
        let finding: (step: Int?, text: String)?
        switch input {
        case .queue(let scenario):
          finding = WorkoutQueueRun(scenario, system).first("1.8").map { ($0.step, $0.text) }
        case .app(let scenario):
          finding = WorkoutAppRun(scenario, system).first("1.8").map { ($0.step, $0.text) }
        }
        guard let finding else { return .holds }
        let place = finding.step.map { "at steps[\($0)]" } ?? "once quiet"
        return .broke("\(place): \(finding.text)", anomaly: .stuckQueue, step: finding.step)
      })
    spec.anomaly = .stuckQueue
    spec.generatorVersion = 3
    return spec.erased
  }()
}

/// W1.8's input: a run of the queue alone, or of the app (a device's saves joined to its queue).
enum NetworkAwareInput: Sendable {
  case queue(WorkoutQueueScenario)
  case app(WorkoutAppScenario)

  var json: JSON {
    switch self {
    case .queue(let scenario): return scenario.json
    case .app(let scenario): return scenario.json
    }
  }

  /// An app run's form has `"app": true`; any other is the queue's.
  init(json: JSON) throws {
    self =
      json["app"] != nil
      ? .app(try WorkoutAppScenario.decode(json)) : .queue(try WorkoutQueueScenario.decode(json))
  }
}
