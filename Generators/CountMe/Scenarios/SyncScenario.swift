import CountMeContract
import CountMeCore
import Generators

/// A sync scenario: steps for a queue and its cloud, from a bounded pool of entities.
package struct SyncScenario: Sendable, Equatable {
  /// What a queued operation does to its entity: the core's own kinds, never a copy of them.
  package typealias OperationKind = SyncOperation.Kind

  /// The kinds of entity the app syncs: the core's own types.
  package typealias EntityKind = EntityType

  /// One step of a scenario.
  package enum Step: Sendable, Equatable {
    /// Enqueue an operation on entity number `entity` of the pool.
    case enqueue(OperationKind, entity: Int, type: EntityKind)
    /// Process the queue once.
    case process
    /// Move the virtual clock on.
    case advanceTime(seconds: Int)
    case goOffline
    case goOnline
    case signOut
    case signIn
    /// Persist the queue and load it again, as an app restart does.
    case restart
    /// An app update: persist the queue and load it again with a new capacity and retry count (an
    /// update may lower the cap below what is queued).
    case upgrade(capacity: Int, maxRetries: Int)
    /// The user taps "retry" on failed operation number `operation`.
    ///
    /// The user taps "retry" on failed operation number `operation` (modulo how many the queue
    /// lists as failed); with none failed, on operation number `operation` of all those enqueued
    /// so far, a stale tap the queue must refuse.
    case retryFailed(operation: Int)
    /// The app takes operation number `operation` out of the queue.
    ///
    /// The app takes operation number `operation` (modulo how many the queue holds pending, in
    /// flight or failed) out of the queue (`SyncQueueing.remove`); with none held, operation number
    /// `operation` of all those enqueued so far, which the queue must refuse.
    case remove(operation: Int)
  }

  /// The steps, in order.
  package var steps: [Step]

  /// Creates a `SyncScenario` from its parts.
  package init(steps: [Step]) { self.steps = steps }
}

extension SyncScenario.Step: CustomStringConvertible {
  /// The step as a report shows it: `enqueue create foodItem 3`, `advance 60 s`, `process`.
  package var description: String {
    switch self {
    case .enqueue(let kind, let entity, let type):
      return "enqueue \(kind.rawValue) \(type.rawValue) \(entity)"
    case .process: return "process"
    case .advanceTime(let seconds): return "advance \(seconds) s"
    case .goOffline: return "go offline"
    case .goOnline: return "go online"
    case .signOut: return "sign out"
    case .signIn: return "sign in"
    case .restart: return "restart"
    case .upgrade(let capacity, let retries): return "upgrade to capacity \(capacity), \(retries) retries"
    case .retryFailed(let operation): return "retry failed operation \(operation)"
    case .remove(let operation): return "remove operation \(operation)"
    }
  }
}

extension Gen {
  /// App updates: a capacity of 1 to 12 and 0 to 6 retries (shrinking to a capacity of 12).
  static let upgrade: Generator<SyncScenario.Step> = zip(int(in: 1...12, shrinkingToward: 12), int(in: 0...6))
    .map { .upgrade(capacity: $0, maxRetries: $1) }

  /// One step.
  ///
  /// Enqueue is the simplest (and the most common); entity numbers shrink toward 0; app updates come as often
  /// as restarts; the app's removals (`removeWeight`) come only when asked for.
  static func syncStep(
    entities: Int, enqueueWeight: Int = 8, restartWeight: Int = 1, removeWeight: Int = 0
  ) -> Generator<SyncScenario.Step> {
    let enqueue = zip(
      zip(element(of: SyncScenario.OperationKind.allCases), int(in: 0...Swift.max(entities - 1, 0))),
      element(of: SyncScenario.EntityKind.countmeTypes)
    )
    .map { head, type in SyncScenario.Step.enqueue(head.0, entity: head.1, type: type) }
    return frequency(
      [
        (enqueueWeight, enqueue), (3, constant(.process)),
        (2, int(in: 1...3_600, shrinkingToward: 1).map { .advanceTime(seconds: $0) }),
        (1, constant(.goOffline)), (1, constant(.goOnline)), (1, constant(.signOut)), (1, constant(.signIn)),
        (1, int(in: 0...15, shrinkingToward: 0).map { .retryFailed(operation: $0) }),
      ] + (restartWeight > 0 ? [(restartWeight, constant(.restart)), (restartWeight, upgrade)] : [])
        + (removeWeight > 0
          ? [(removeWeight, int(in: 0...15, shrinkingToward: 0).map { .remove(operation: $0) })] : []))
  }

  /// Scenarios of `length` steps over a small pool of `entities`.
  ///
  /// Scenarios of `length` steps (0 to several thousand), averaging `averageLength`, over a pool of
  /// `entities` entities (small, so operations on one entity meet); `enqueueWeight` against 12 for
  /// the other steps sets how enqueue-heavy it is, `restartWeight` how often the app restarts and
  /// `removeWeight` how often it removes an operation itself.
  package static func syncScenario(
    length: ClosedRange<Int> = 0...5_000, averageLength: Double = 30,
    entities: Int = 8, enqueueWeight: Int = 8, restartWeight: Int = 1, removeWeight: Int = 0
  ) -> Generator<SyncScenario> {
    array(
      of: syncStep(
        entities: entities, enqueueWeight: enqueueWeight, restartWeight: restartWeight,
        removeWeight: removeWeight),
      count: length, averageExtra: averageLength
    )
    .map(SyncScenario.init)
  }
}
