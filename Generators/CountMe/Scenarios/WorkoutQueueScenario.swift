import CountMeCore
import Foundation
import Generators

/// What happens to the workout app's offline queue: changes, answers, time and the network.
///
/// What happens to the workout app's offline queue: changes made, attempts answered, time passing
/// and the network coming and going: the input of seed 004's queue properties (W1.2, W1.3, W1.8).
///
/// Every change is to an entity of its own (the queue's de-duplication is seed 001's, judged by the
/// P properties), made at the current instant; steps happen at the same instant until a `wait`.
package struct WorkoutQueueScenario: Sendable, Equatable {
  /// How the cloud answers an attempt.
  package enum Outcome: String, Sendable, Equatable, CaseIterable {
    /// The write landed.
    case success
    /// The cloud was unavailable: a transient failure.
    case unavailable
    /// The security rules refused it: a failure seed 004 retries like any other.
    case denied
    /// The queued payload could not be decoded: a permanent failure (1.2).
    case undecodable

    /// The answer the queue is given.
    package var result: Result<Void, SyncError> {
      switch self {
      case .success: return .success(())
      case .unavailable: return .failure(.cloudUnavailable)
      case .denied: return .failure(.permissionDenied(path: "users/u/modules/m"))
      case .undecodable: return .failure(.missingField(model: "Module", field: "exercises"))
      }
    }
  }

  /// One thing that happens.
  package enum Step: Sendable, Equatable {
    /// A change to a new entity of `type` is queued.
    case enqueue(EntityType)
    /// The queue is asked what to do; an attempt it makes is answered with `outcome`.
    case process(Outcome)
    /// The clock moves on.
    case wait(seconds: Int)
    /// The network drops.
    case offline
    /// The network returns.
    case online
    /// The app restarts: the queue is persisted (queue-file v1) and loaded again.
    case restart
  }

  /// What happens, in order.
  package var steps: [Step]

  /// Creates a `WorkoutQueueScenario` from its parts.
  package init(steps: [Step]) { self.steps = steps }

  /// What a scenario generator may draw.
  package struct Shape: Sendable {
    /// The entity types changed.
    var types: [EntityType]
    /// How the cloud answers, each outcome with its weight.
    var outcomes: [(weight: Int, outcome: Outcome)]
    /// The waits drawn, in seconds.
    var waits: [Int]
    /// Whether the network drops and returns.
    var network: Bool
    /// Whether the app restarts.
    var restarts: Bool
    /// How often a change is queued, against 4 for an attempt and 2 for a wait.
    var enqueueWeight: Int
    /// How many steps a scenario has on average (at most twice as many, and 40 at least).
    var averageLength: Int
    /// Whether half the scenarios wait out the retry interval after every failed attempt.
    ///
    /// So an operation meets its retries one after another and can use up its attempts (W1.2).
    var waitsOutFailures: Bool
    /// Whether half the scenarios get the network back right after each drop, so an operation
    /// waiting for its retry meets a reconnect (W1.8).
    var reconnectsAtOnce: Bool

    /// Creates a `Shape` from its parts.
    package init(
      types: [EntityType], outcomes: [(weight: Int, outcome: Outcome)], waits: [Int], network: Bool,
      restarts: Bool = false, enqueueWeight: Int = 3, averageLength: Int = 16, waitsOutFailures: Bool = false,
      reconnectsAtOnce: Bool = false
    ) {
      self.types = types
      self.outcomes = outcomes
      self.waits = waits
      self.network = network
      self.restarts = restarts
      self.enqueueWeight = enqueueWeight
      self.averageLength = averageLength
      self.waitsOutFailures = waitsOutFailures
      self.reconnectsAtOnce = reconnectsAtOnce
    }
  }

  /// Scenarios of `shape`: up to 40 steps, shrinking toward fewer.
  ///
  /// Scenarios of `shape`: up to 40 steps (or twice its average), shrinking toward fewer, toward the first type, outcome
  /// and wait listed; with `waitsOutFailures` or `reconnectsAtOnce`, half of them aimed (`waitingOutFailures`,
  /// `reconnectingAtOnce`).
  package static func generator(_ shape: Shape) -> Generator<Tagged<WorkoutQueueScenario>> {
    let outcome = Gen.frequency(shape.outcomes.map { ($0.weight, Gen.constant($0.outcome)) })
    let step: Generator<Step> = Gen.frequency(
      [
        (shape.enqueueWeight, Gen.element(of: shape.types).map { .enqueue($0) }),
        (4, outcome.map { .process($0) }),
        (2, Gen.element(of: shape.waits).map { .wait(seconds: $0) }),
      ] + (shape.network ? [(1, Gen.constant(Step.offline)), (1, Gen.constant(Step.online))] : [])
        + (shape.restarts ? [(1, Gen.constant(Step.restart))] : []))
    let most = max(40, shape.averageLength * 2)
    let plain = Gen.array(of: step, count: 0...most, averageExtra: Double(shape.averageLength))
    let aimed = shape.waitsOutFailures || shape.reconnectsAtOnce
    let steps = aimed ? plain.aimed(probability: 0.5) { aiming($0, as: shape) } : plain
    return steps.map { steps in
      let failures = steps.filter { if case .process(let o) = $0 { o != .success } else { false } }.count
      return Tagged(
        WorkoutQueueScenario(steps: steps), tags: [failures >= 5 ? "WorkoutQueue.5+failures" : "WorkoutQueue"]
      )
    }
  }
}

extension WorkoutQueueScenario {
  /// Seed 004's polling interval, after which a failed operation may be attempted again.
  static let retryInterval = 300

  /// `steps` with the aims `shape` asks for: `waitingOutFailures`, then `reconnectingAtOnce`.
  static func aiming(_ steps: [Step], as shape: Shape) -> [Step] {
    let waited = shape.waitsOutFailures ? waitingOutFailures(steps) : steps
    return shape.reconnectsAtOnce ? reconnectingAtOnce(waited) : waited
  }

  /// `steps` with a wait of `retryInterval` after each failed attempt the queue retries.
  ///
  /// `steps` with a wait of `retryInterval` after each attempt answered with a failure the queue
  /// retries: an operation alone in the queue then reaches its fifth attempt after five such
  /// answers, which W1.2's hardest mutants (a sixth attempt, an exhausted operation deleted) need.
  static func waitingOutFailures(_ steps: [Step]) -> [Step] {
    var aimed: [Step] = []
    aimed.reserveCapacity(steps.count * 2)
    for step in steps {
      aimed.append(step)
      if case .process(let outcome) = step, outcome == .unavailable || outcome == .denied {
        aimed.append(.wait(seconds: retryInterval))
      }
    }
    return aimed
  }

  /// `steps` with the network returning right after each drop.
  ///
  /// An operation that failed before the drop and waits for its retry is then due at once (1.8), which the
  /// next attempt must show; W1.8's mutant that ignored the reconnect needed a median of 34 cases (191 at
  /// worst of 60 seeds, of its 300) to meet a drop and a return around a waiting retry (W1.8's generator
  /// version 2).
  static func reconnectingAtOnce(_ steps: [Step]) -> [Step] {
    var aimed: [Step] = []
    aimed.reserveCapacity(steps.count * 2)
    for step in steps {
      aimed.append(step)
      if step == .offline { aimed.append(.online) }
    }
    return aimed
  }
}

extension WorkoutQueueScenario.Step: CustomStringConvertible {
  /// The step as a report shows it: `enqueue module`, `process (denied)`, `wait 300 s`.
  package var description: String {
    switch self {
    case .enqueue(let type): return "enqueue \(type.rawValue)"
    case .process(let outcome): return "process (\(outcome.rawValue))"
    case .wait(let seconds): return "wait \(seconds) s"
    case .offline: return "offline"
    case .online: return "online"
    case .restart: return "restart"
    }
  }
}
