import CountMeCore
import Foundation
import Generators

/// One workout device's saves, deletions, pushes and network: the input of W1.1's and W1.8's app runs.
///
/// One device of seed 004's app, its store and its offline queue joined (`WorkoutApp`): what the
/// user saves and deletes, each push its background task attempts and how the cloud answers it,
/// the network dropping and returning, and the clock. Entities are `WorkoutScenario`'s three (a
/// module, a workout and a session, `WorkoutScenario.key`).
package struct WorkoutAppScenario: Sendable, Equatable {
  /// One thing that happens.
  package enum Step: Sendable, Equatable {
    /// Saves entity `entity`: a template (0, 1) renamed "Name `variant`" (made if it never was),
    /// or a set of `variant` reps logged in the session (2).
    case save(entity: Int, variant: Int)
    /// Deletes entity `entity`, when the device holds it.
    case delete(entity: Int)
    /// The background task asks for the push due; one it attempts is answered with `outcome`.
    case push(WorkoutQueueScenario.Outcome)
    /// The clock moves on.
    case wait(seconds: Int)
    /// The network drops.
    case offline
    /// The network returns.
    case online
  }

  /// What happens, in order.
  package var steps: [Step]

  /// Creates a `WorkoutAppScenario` from its parts.
  package init(steps: [Step]) { self.steps = steps }

  /// The outcomes a push is drawn with: a decoding failure is W1.2's (the change is dropped for good).
  package static let outcomes: [WorkoutQueueScenario.Outcome] = [.success, .unavailable, .denied]

  /// Up to 40 steps, shrinking toward fewer, toward saves of the module and pushes that go through.
  ///
  /// Saves and pushes the most common, failures more common than successes, waits of a second, a
  /// minute or the 300 s retry interval, and the network dropping and returning. A quarter of the
  /// scenarios wait the 300 s out after each failed push (`waitingOutFailures`), so a push meets its
  /// retries one after another; a quarter fail the first failed push's four retries too, 300 s
  /// apart (`exhaustingFirstFailure`), so it is kept for the user; a quarter lose the network and
  /// get it back after each failed push (`reconnectingAfterFailures`), so a push waiting for its
  /// retry meets a reconnect.
  package static let generator: Generator<Tagged<WorkoutAppScenario>> = {
    let entity = Gen.int(in: 0...2, shrinkingToward: 0)
    let outcome = Gen.frequency([
      (2, Gen.constant(WorkoutQueueScenario.Outcome.success)), (2, Gen.constant(.unavailable)),
      (1, Gen.constant(.denied)),
    ])
    let step: Generator<Step> = Gen.frequency([
      (4, Gen.zip(entity, Gen.int(in: 1...9, shrinkingToward: 1)).map { Step.save(entity: $0, variant: $1) }),
      (1, entity.map { Step.delete(entity: $0) }),
      (5, outcome.map { Step.push($0) }),
      (3, Gen.element(of: [300, 1, 60]).map { Step.wait(seconds: $0) }),
      (1, Gen.constant(Step.offline)),
      (1, Gen.constant(Step.online)),
    ])
    let plain = Gen.array(of: step, count: 0...40, averageExtra: 14)
    let steps = Gen.frequency([
      (1, plain), (1, plain.map(waitingOutFailures)), (1, plain.map(exhaustingFirstFailure)),
      (1, plain.map(reconnectingAfterFailures)),
    ])
    return steps.map { steps in
      let failures = steps.filter { if case .push(let o) = $0 { o != .success } else { false } }.count
      return Tagged(
        WorkoutAppScenario(steps: steps), tags: [failures >= 5 ? "WorkoutApp.5+failures" : "WorkoutApp"])
    }
  }()

  /// `steps` with the first failed push followed by four more failures, 300 s apart.
  static func exhaustingFirstFailure(_ steps: [Step]) -> [Step] {
    guard let first = steps.firstIndex(where: { if case .push(let o) = $0 { o != .success } else { false } })
    else { return steps }
    let retries = Array(repeating: [Step.wait(seconds: 300), .push(.unavailable)], count: 4).flatMap { $0 }
    return Array(steps[...first]) + retries + steps[(first + 1)...]
  }

  /// `steps` with the network dropping and returning after each failed push.
  static func reconnectingAfterFailures(_ steps: [Step]) -> [Step] {
    steps.flatMap { step -> [Step] in
      if case .push(let outcome) = step, outcome != .success { return [step, .offline, .online] }
      return [step]
    }
  }

  /// `steps` with a wait of the 300 s retry interval after each failed push.
  static func waitingOutFailures(_ steps: [Step]) -> [Step] {
    steps.flatMap { step -> [Step] in
      if case .push(let outcome) = step, outcome != .success { return [step, .wait(seconds: 300)] }
      return [step]
    }
  }
}
