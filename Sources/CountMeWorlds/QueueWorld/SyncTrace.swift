import CloudFake
import CountMeContract
import CountMeCore
import Foundation
import PropertyHarness

/// What one sync simulation did, step by step.
///
/// What the queue answered and how its state moved, every cloud call and its result, and the state it all
/// ended in.
///
/// `SyncSimulator` writes it and judges nothing; each property is a pure function from a trace to its first
/// problem.
package struct SyncTrace: Sendable {
  /// One thing that happened, at scenario step `step` (`steps.count` and on: after the steps).
  package struct Event: Sendable {
    package let step: Int
    /// Cloud calls made before this event (where its part of `cloudCalls` ends).
    package let calls: Int
    package let what: What
  }

  /// The facts an event records; each property reads the kinds it is about.
  ///
  /// NB: the large cases are indirect, so an event is a few words, not a few hundred bytes that
  /// every copy (recording it, reading the trace) moved and whose strings it retained: 6 % of
  /// P13's instructions.
  package enum What: Sendable {
    /// An operation was enqueued.
    ///
    /// `pendingBefore`/`pendingAfter`: pending operations of its entity around the call; `oldest`: the
    /// queue's oldest pending operation when it was full; the states after the call of the new operation and
    /// of that oldest one.
    indirect case enqueued(Enqueued)
    /// `next` was asked at `now`; `booksChanged`: whether the accounting moved without an upload.
    case asked(online: Bool, signedIn: Bool, action: QueueAction, booksChanged: Bool)
    /// An upload began after `attempts` completed attempts of the operation.
    case uploadStarted(OperationID, attempts: Int)
    /// An upload ended and the queue was told.
    indirect case completed(Completed)
    /// The queue's size and books after a step or a drain action.
    ///
    /// And its own invariant findings when it was audited then (nil when not: the run does not audit, or the
    /// audit was not due).
    case books(count: Int, accounting: QueueAccounting, enqueued: Int, violations: [String]?)
    /// The state of every operation the queue should know (at a restart and at the end).
    case records([(OperationID, OperationState?)])
    /// The state the queue gives an id it never handed out (the one after the highest it did),
    /// recorded with `records`: nil, as `state(of:)` documents.
    case neverGiven(OperationID, OperationState?)
    /// The queue's configuration from here on: at the start, and after an app update.
    case configured(capacity: Int, policy: RetryPolicy)
    /// The capacity and policy a queue reports.
    ///
    /// Once made and at each launch that loads one: those it was given, or the documented defaults for one
    /// made with no settings.
    case reportedConfiguration(capacity: Int, policy: RetryPolicy)
    /// A restart: the operations before, and what the new launch loaded.
    ///
    /// A restart: the pending and failed operations before, and what the new launch loaded; the
    /// states the new queue gives the pending operations it did not restore (trimmed to capacity).
    indirect case restarted(
      pending: [OperationID], failed: [OperationID], restored: [OperationID], loadedFailed: [OperationID],
      corrupted: String?, notRestored: [(OperationID, OperationState?)])
    /// The queue's bytes written, damaged by `corruption`, and loaded again.
    ///
    /// The queue's bytes written, damaged by `corruption` (if any), and loaded again; for bytes in
    /// CountMeCore's format, what the harness found wrong with them (`formatProblem`) and how the
    /// same queue loads from a file the harness wrote itself (`rewritten`); for a file at the
    /// format's limits, what loading reported once the loaded queue had been used (an upload
    /// failed, an operation enqueued) and written its file again (`refusedAfterUse`; nil when it
    /// loaded, or for any other file).
    indirect case persisted(
      corruption: Corruption?, original: QueueSnapshot, restored: QueueSnapshot, corrupted: String?,
      restoredCount: Int, formatProblem: String?, rewritten: (restored: QueueSnapshot, corrupted: String?)?,
      refusedAfterUse: String?)
    /// The user retried operation `id`: its state before, whether `retryFailed` said it was failed
    /// (and took it back), and its state after.
    case retried(OperationID, before: OperationState?, accepted: Bool, after: OperationState?)
    /// The app removed operation `id` for `reason`: its state before, whether `remove` said it took
    /// it out, and its state after.
    indirect case removed(
      OperationID, reason: String, before: OperationState?, accepted: Bool, after: OperationState?)
    /// `next` said to wait until `until` at `now`.
    ///
    /// What the queue's own pending list held then: the earliest retry time among its operations (nil: none
    /// scheduled) and whether one was due.
    case waitAsked(now: Date, until: Date, earliestRetry: Date?, oneDue: Bool)
    /// While draining the queue asked to wait until a time that had already passed.
    case waitedInThePast(until: Double)
    /// The queue did not drain within `limit` actions.
    case drainExhausted(limit: Int)
  }

  /// An enqueue and what it did.
  package struct Enqueued: Sendable {
    package let id: OperationID
    package let operation: SyncOperation
    /// The queue's size (pending and in flight) before the call.
    package let countBefore: Int
    package let pendingBefore: Int
    package let pendingAfter: Int
    package let droppedBefore: Int
    package let droppedAfter: Int
    /// At capacity, the oldest pending operation, found by the harness in the specification's order.
    package let oldest: (id: OperationID, operation: SyncOperation)?
    /// At capacity, the operation the queue's `oldestPending` named.
    package let reportedOldest: OperationID?
    package let stateOfNew: OperationState?
    package let stateOfOldest: OperationState?
  }

  /// A completed upload and what it did to the queue.
  package struct Completed: Sendable {
    package let id: OperationID
    package let operation: SyncOperation
    package let result: Result<Void, SyncError>
    /// Completed attempts of the operation, this one included.
    package let attempts: Int
    /// The entity's other operations, with their states before and after.
    package let others: [(id: OperationID, before: OperationState?, after: OperationState?)]
    package let succeededDelta: Int
    package let droppedDelta: Int
    package let state: OperationState?
    /// After a failure: its entry in the pending list (a retry), or in the failed list.
    package let queued: QueuedOperation?
    package let failedEntry: FailedOperation?
    /// Virtual seconds since the start when it completed.
    package let now: Date
  }

  /// Where a simulation ended, once the queue drained.
  package struct Final: Sendable {
    /// The queue's size, and its pending operations: never completed.
    package let remaining: Int
    package let pending: [OperationID]
    /// Each operation's last known state (the current queue's, or its state before the restart
    /// that forgot it) and its completed attempts.
    package let states: [OperationID: OperationState]
    package let attempts: [OperationID: Int]
    /// The device's view of each entity: its version, or nil when deleted.
    package let local: [EntityKey: Int?]
    /// The version each create or update carried.
    let versions: [OperationID: Int]
    package let cloud: [DocumentPath: CloudDocument]
    package let writes: [(path: DocumentPath, version: Int?)]
    /// Virtual seconds the simulation spanned.
    package let elapsed: Double
  }

  let input: SimulationInput
  package let uid: String
  package var events: [Event] = []
  /// Every operation enqueued, by the id the queue gave it.
  package var operations: [OperationID: SyncOperation] = [:]
  package var cloudCalls: [CloudFake.Call] = []
  package var final: Final?

  /// The steps of the scenario.
  package var steps: Int { input.scenario.steps.count }
}

/// A broken invariant: where, what happened, and what kind of wrong it is when not its property's
/// usual kind (`SyncProperties.spec`'s anomaly).
package struct TraceProblem: Equatable, Sendable {
  package let step: Int
  /// Cloud calls made by then.
  package let calls: Int
  package let message: String
  package let anomaly: Anomaly?

  package init(_ event: SyncTrace.Event, _ finding: Finding) {
    self.init(step: event.step, calls: event.calls, finding)
  }

  package init(step: Int, calls: Int, _ finding: Finding) {
    self.step = step
    self.calls = calls
    self.message = finding.message
    self.anomaly = finding.anomaly
  }
}

/// What a judge found wrong: its words, and the kind of wrong when it is not the property's usual
/// one. A string is a finding of the usual kind.
package struct Finding: ExpressibleByStringInterpolation, Equatable, Sendable {
  package let anomaly: Anomaly?
  package let message: String

  /// A finding of kind `anomaly` (nil: the property's usual kind).
  package init(_ anomaly: Anomaly?, _ message: String) {
    self.anomaly = anomaly
    self.message = message
  }

  package init(stringLiteral message: String) { self.init(nil, message) }
}

extension SyncTrace {
  /// The queue's capacity and policy in force.
  package struct Configuration: Sendable {
    package var capacity: Int
    package var policy: RetryPolicy
  }

  /// The first event `judge` finds a problem with, in order.
  package func first(_ judge: (Event) -> Finding?) -> TraceProblem? { first { event, _ in judge(event) } }

  /// The first event `judge` finds a problem with, given the configuration in force at it (the
  /// input's, until a `configured` event changes it).
  package func first(_ judge: (Event, Configuration) -> Finding?) -> TraceProblem? {
    var configuration = Configuration(
      capacity: QueueSpecification.capacity(input.capacity), policy: input.policy)
    for event in events {
      if case .configured(let capacity, let policy) = event.what {
        configuration = Configuration(capacity: QueueSpecification.capacity(capacity), policy: policy)
      }
      if let finding = judge(event, configuration) { return TraceProblem(event, finding) }
    }
    return nil
  }

  /// A problem found once the queue drained.
  package func atTheEnd(_ finding: Finding) -> TraceProblem {
    TraceProblem(step: steps, calls: cloudCalls.count, finding)
  }

  /// What comes before the last cloud calls in `describe`'s words (a diagram, which draws them,
  /// leaves them out).
  static let callsLead = "; cloud calls: "

  /// How a report shows `problem`: when, what, and the last cloud calls before it.
  package func describe(_ problem: TraceProblem) -> String {
    let when =
      problem.step < steps
      ? "at step \(problem.step + 1) (\(input.scenario.steps[problem.step]))" : "after the steps, draining"
    let calls = cloudCalls.prefix(problem.calls).suffix(12).map(\.description).joined(separator: "; ")
    return "\(when): \(problem.message)" + (calls.isEmpty ? "" : Self.callsLead + calls)
  }
}

extension Optional where Wrapped == OperationState {
  /// The state as a report prints it.
  package var text: String { map { "\($0)" } ?? "unknown" }
}

extension Result {
  package var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
