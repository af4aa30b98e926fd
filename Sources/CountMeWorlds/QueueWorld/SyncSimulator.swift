import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// Runs a sync scenario against a queue and `CloudFake` on a virtual clock and records what
/// happened in a `SyncTrace`.
///
/// It judges nothing: the properties do, each from the trace. Deterministic: no real time passes, nothing
/// random is drawn.
///
/// Steps: `enqueue` records a local change (a create or update bumps the entity's version, a delete
/// removes it) and queues the operation, which carries that version (an operation log: a retried
/// older operation writes older data); `process` completes the call in flight once its latency has
/// passed, or starts the next upload, which stays in flight until the next `process` (so the steps
/// between are delivered while it is in flight); `advanceTime` moves the clock; the network and the
/// user come and go; `restart` persists the queue and loads it as a new launch would. After the
/// steps the network and the user return and the queue drains, the clock jumping to each backoff's
/// end; the fault plan is finite, so its faults stop along the way (retries and backoff are exercised
/// while draining too).
package struct SyncSimulator {
  let input: SimulationInput
  let system: SystemLayers
  /// Whether the queue's own `invariantViolations()` is asked for as the run goes.
  ///
  /// Whether the queue's own `invariantViolations()` is asked for as the run goes (`recordBooks`):
  /// only for a judge that reads it (P15's, and the fuzz target's, which runs every judge).
  ///
  /// NB: with 1,000 operations queued, the audit was a quarter of P13's time in a debug build, and
  /// nothing judged it.
  let audits: Bool
  /// The queue's configuration now: the input's, until an app update changes it.
  package var capacity: Int
  package var policy: RetryPolicy
  /// Whether the queue is still the one made with no settings (until an upgrade sets new ones).
  var defaultsInForce: Bool
  /// The system's queue; asked by user through the protocol's default (`DefaultUserNextQueue`).
  var queue: DefaultUserNextQueue
  package var cloud: CloudFake
  package var now: Date
  package var online = true
  package var signedIn = true
  /// Each entity's slot in the per-entity lists, given at its first operation, and its key.
  ///
  /// NB: one hash of an entity's key per enqueue, where keying each list by the key hashed its
  /// strings five times.
  var slotOf: [EntityKey: Int] = [:]
  var keys: [EntityKey] = []
  /// The device's view of each entity (by slot): its version, or nil once deleted.
  package var local: [Int?] = []
  var version = 0
  /// The entity version each create or update carries.
  var versionOf: [OperationID: Int] = [:]
  /// States of operations that ended before a restart (a new launch's queue no longer knows them).
  var endedBeforeRestart: [OperationID: OperationState] = [:]
  /// Every operation enqueued, in order (the ones a `retryFailed` step numbers).
  var enqueuedIDs: [OperationID] = []
  /// The highest id the queue handed out: the one after it is an id it never gave.
  var highestID: UInt64 = 0
  /// Whether each operation enqueued so far follows the one before in processing order.
  ///
  /// How many of them the search for the oldest pending has passed, and those it passed that may be pending
  /// again (`oldestPending`).
  var enqueueOrderIsProcessingOrder = true
  var scanned = 0
  var setAside: [OperationID] = []
  /// Operations the current queue knows, and those of each entity (by slot).
  var live: [OperationID] = []
  var liveBySlot: [[OperationID]] = []
  var flight: Flight?
  /// Attempts that completed, per operation (an attempt cut off by a restart has no result and
  /// does not count, as the queue does not count it).
  package var attempts: [OperationID: Int] = [:]
  var trace: SyncTrace
  package var step = 0
  /// Books recorded so far, and when the queue's next audit is due (`recordBooks`).
  var recorded = 0
  var nextAudit = 0

  /// An upload on its way: the operation, when its answer arrives, and what the answer is.
  package struct Flight {
    package let id: OperationID
    package let operation: SyncOperation
    let completesAt: Date
    package let result: Result<Void, SyncError>
  }

  package static let start = Date(timeIntervalSince1970: 1_767_225_600)
  package static let uid = "uid-sim"

  package init(_ input: SimulationInput, system: SystemLayers, audits: Bool) {
    self.input = input
    self.system = system
    self.audits = audits
    capacity = input.capacity
    policy = input.policy
    defaultsInForce = input.defaults
    queue = DefaultUserNextQueue(
      input.defaults
        ? system.queue.makeDefaultQueue()
        : system.queue.makeQueue(capacity: input.capacity, policy: input.policy))
    cloud = CloudFake(plan: input.faults, start: Self.start)
    now = Self.start
    trace = SyncTrace(input: input, uid: Self.uid)
    trace.events.reserveCapacity(4 * input.scenario.steps.count + 16)
    // NB: sized once for every operation the steps enqueue, not grown by doubling (rehashing every
    // key each time). With the slots, 7 % of P13's instructions.
    let enqueues = input.scenario.steps.reduce(0) { count, step in
      if case .enqueue = step { return count + 1 }
      return count
    }
    trace.operations.reserveCapacity(enqueues)
    versionOf.reserveCapacity(enqueues)
    attempts.reserveCapacity(enqueues)
    enqueuedIDs.reserveCapacity(enqueues)
    slotOf.reserveCapacity(enqueues)
  }

  /// Runs every step, then persists, damages and reloads the queue when asked, then drains.
  ///
  /// Runs every step, then (when `persisting`) writes the queue's bytes, damaged by `corruption`,
  /// and loads them again, then drains; returns the trace, with the queue's own audits in it when
  /// `audits`.
  package static func run(
    _ input: SimulationInput, system: SystemLayers, persisting: Bool = false,
    corruption: Corruption? = nil, audits: Bool = true
  ) -> SyncTrace {
    var simulation = SyncSimulator(input, system: system, audits: audits)
    simulation.record(.configured(capacity: input.capacity, policy: input.policy))
    simulation.recordReportedConfiguration()
    for (index, step) in input.scenario.steps.enumerated() {
      simulation.step = index
      simulation.perform(step)
      simulation.recordBooks()
    }
    simulation.step = input.scenario.steps.count
    if persisting { simulation.persist(corruption) }
    simulation.drain()
    simulation.finish()
    return simulation.trace
  }

  mutating func recordReportedConfiguration() {
    record(.reportedConfiguration(capacity: queue.capacity, policy: queue.policy))
  }

  mutating func record(_ what: SyncTrace.What) {
    trace.events.append(SyncTrace.Event(step: step, calls: cloud.trace.count, what: what))
  }

  mutating func perform(_ step: SyncScenario.Step) {
    switch step {
    case .enqueue(let kind, let entity, let type):
      enqueue(SyncOperation(kind, entityId: "e\(entity)", entityType: type, timestamp: now))
    case .process: process()
    case .advanceTime(let seconds): now = now.addingTimeInterval(Double(seconds))
    case .goOffline: setOnline(false)
    case .goOnline: setOnline(true)
    case .signOut: signedIn = false
    case .signIn: signedIn = true
    case .restart: restart()
    case .upgrade(let newCapacity, let retries):
      capacity = newCapacity
      policy.maxRetries = retries
      defaultsInForce = false
      restart(reconfigured: true)
    case .retryFailed(let number):
      let failedIDs = queue.failed.map(\.id)
      let candidates = failedIDs.isEmpty ? enqueuedIDs : failedIDs
      guard !candidates.isEmpty else { return }
      let id = candidates[number % candidates.count]
      let before = queue.state(of: id)
      let accepted = queue.retryFailed(id)
      // A retried operation starts a fresh budget: its attempts count from 0 again.
      if accepted { attempts[id] = 0 }
      record(.retried(id, before: before, accepted: accepted, after: queue.state(of: id)))
    case .remove(let number): remove(number)
    }
  }

  /// The app removes operation number `number` of those its queue holds.
  ///
  /// The app removes operation number `number` of those its queue holds (pending, in flight or
  /// failed, as the queue lists them), or with none held, of all those enqueued so far.
  mutating func remove(_ number: Int) {
    let held = queue.pending.map(\.id) + (queue.inFlight.map { [$0.id] } ?? []) + queue.failed.map(\.id)
    let candidates = held.isEmpty ? enqueuedIDs : held
    guard !candidates.isEmpty else { return }
    let id = candidates[number % candidates.count]
    let reason = "the app removed step \(step)'s operation"
    let before = queue.state(of: id)
    let accepted = queue.remove(id, reason: reason)
    record(.removed(id, reason: reason, before: before, accepted: accepted, after: queue.state(of: id)))
  }

  mutating func enqueue(_ operation: SyncOperation) {
    let key = operation.key
    let slot = slot(of: key)
    if operation.kind == .delete {
      local[slot] = nil
    } else {
      version += 1
      local[slot] = version
    }
    let countBefore = queue.count
    // At capacity the judge needs the oldest pending operation: the harness finds it by the
    // specification's order among those pending, never by asking the queue, whose own answer
    // (`oldestPending`) is recorded beside it to be judged.
    let atCapacity = countBefore >= capacity
    let oldest = atCapacity ? oldestPending() : nil
    let reportedOldest = atCapacity ? queue.oldestPending?.id : nil
    let pendingBefore = pendingCount(slot)
    let droppedBefore = queue.accounting().dropped
    let id = queue.enqueue(operation)
    // The new operation is not in `liveBySlot` yet, so it is counted on its own.
    let pendingAfter = pendingCount(slot) + (queue.state(of: id) == .pending ? 1 : 0)
    record(
      .enqueued(
        SyncTrace.Enqueued(
          id: id, operation: operation, countBefore: countBefore, pendingBefore: pendingBefore,
          pendingAfter: pendingAfter,
          droppedBefore: droppedBefore, droppedAfter: queue.accounting().dropped, oldest: oldest,
          reportedOldest: reportedOldest,
          stateOfNew: queue.state(of: id), stateOfOldest: oldest.flatMap { queue.state(of: $0.id) })))
    trace.operations[id] = operation
    if let last = enqueuedIDs.last, let previous = trace.operations[last],
      !QueueSpecification.precedes((previous.timestamp, last), (operation.timestamp, id))
    {
      enqueueOrderIsProcessingOrder = false
    }
    enqueuedIDs.append(id)
    highestID = max(highestID, id.rawValue)
    if operation.kind != .delete { versionOf[id] = version }
    live.append(id)
    liveBySlot[slot].append(id)
  }

  /// The slot of `key`'s entity, given now if it has none.
  package mutating func slot(of key: EntityKey) -> Int {
    if let slot = slotOf[key] { return slot }
    let slot = keys.count
    slotOf[key] = slot
    keys.append(key)
    local.append(nil)
    liveBySlot.append([])
    return slot
  }

  /// The pending operation first in the specification's processing order (by timestamp, ties by
  /// id), with what it sends.
  ///
  /// NB: while every operation enqueued follows the one before in that order (time never goes back
  /// and the queue numbers operations upwards), the oldest pending is the first pending one in
  /// enqueue order. The search walks `enqueuedIDs` once over a run: `scanned` of them are behind it,
  /// finished for good (succeeded, superseded, dropped, removed, or unknown to a new launch) or, when in
  /// flight or failed (either may be pending again), set aside in `setAside`, which stays short
  /// and is read first. Otherwise every pending operation is compared: reading the whole pending
  /// list at each enqueue at capacity made P13 three times slower.
  mutating func oldestPending() -> (id: OperationID, operation: SyncOperation)? {
    guard enqueueOrderIsProcessingOrder else {
      return queue.pending.map { ($0.id, $0.operation) }.min {
        QueueSpecification.precedes(($0.operation.timestamp, $0.id), ($1.operation.timestamp, $1.id))
      }
    }
    var found: OperationID?
    setAside.removeAll { id in
      switch queue.state(of: id) {
      case .pending?:
        found = found ?? id
        return false
      case .inFlight?, .failed?: return false
      case .succeeded?, .superseded?, .dropped?, .removed?, nil: return true
      }
    }
    while found == nil && scanned < enqueuedIDs.count {
      let id = enqueuedIDs[scanned]
      switch queue.state(of: id) {
      case .pending?:
        found = id
        continue
      case .inFlight?, .failed?: setAside.append(id)
      case .succeeded?, .superseded?, .dropped?, .removed?, nil: break
      }
      scanned += 1
    }
    return found.flatMap { id in trace.operations[id].map { (id, $0) } }
  }
}
