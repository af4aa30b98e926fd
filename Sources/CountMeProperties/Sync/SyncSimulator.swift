import CloudFake
import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// Runs a sync scenario against a queue and `CloudFake` on a virtual clock, checking the queue
/// invariants after every step. Deterministic: no real time passes, nothing random is drawn.
///
/// Steps: `enqueue` records a local change (a create or update bumps the entity's version, a delete
/// removes it) and queues the operation, which carries that version (an operation log: a retried
/// older operation writes older data); `process` completes the call in flight once its latency has
/// passed, or starts the next upload, which stays in flight until the next `process` (so the steps
/// between are delivered while it is in flight); `advanceTime` moves the clock; the network and the
/// user come and go; `restart` persists the queue and loads it as a new launch would. After the
/// steps the network and the user return and the queue drains, the clock jumping to each backoff's
/// end; the fault plan is finite, so its faults stop along the way (retries and backoff are exercised
/// while draining too), and convergence is checked once nothing is left.
struct SyncSimulator {
  /// A broken invariant: which property it belongs to, at which step, and what happened.
  struct Problem: Equatable {
    let property: PropertyID
    let step: Int
    let message: String
  }

  private let input: SimulationInput
  private let system: any SystemUnderTest
  private var queue: any SyncQueueing
  private(set) var cloud: CloudFake
  private var now: Date
  private var online = true
  private var signedIn = true
  private let uid = "uid-sim"
  private var local: [EntityKey: Int?] = [:]
  private var version = 0
  /// Every operation enqueued, in order; ids are the queue's.
  private var operations: [(id: OperationID, operation: SyncOperation)] = []
  private var operationByID: [OperationID: SyncOperation] = [:]
  /// The entity version each create or update carries.
  private var versionOf: [OperationID: Int] = [:]
  /// States of operations that ended before a restart (a new launch's queue no longer knows them).
  private var endedBeforeRestart: [OperationID: OperationState] = [:]
  /// Operations the current queue knows, and those of each entity.
  private var live: [OperationID] = []
  private var liveByKey: [EntityKey: [OperationID]] = [:]
  private var flight:
    (id: OperationID, operation: SyncOperation, completesAt: Date, result: Result<Void, SyncError>)?
  /// Attempts that completed, per operation (an attempt cut off by a restart has no result and
  /// does not count, as the queue does not count it).
  private var attempts: [OperationID: Int] = [:]
  private(set) var problems: [Problem] = []
  private var step = 0

  static let start = Date(timeIntervalSince1970: 1_767_225_600)

  init(_ input: SimulationInput, system: any SystemUnderTest) {
    self.input = input
    self.system = system
    queue = system.makeQueue(capacity: input.capacity, policy: input.policy)
    cloud = CloudFake(plan: input.faults, start: Self.start)
    now = Self.start
  }

  /// Runs every step, then (if given) the persistence check with `corruption`, then drains, and
  /// returns the simulation with the problems found (empty when every invariant held).
  static func run(
    _ input: SimulationInput, system: any SystemUnderTest, corruption: Corruption? = nil,
    checkPersistence: Bool = false
  ) -> SyncSimulator {
    var simulation = SyncSimulator(input, system: system)
    for (index, step) in input.scenario.steps.enumerated() {
      simulation.step = index
      simulation.perform(step)
      simulation.checkBooks()
      if simulation.problems.count > 20 { return simulation }
    }
    simulation.step = input.scenario.steps.count
    if checkPersistence { simulation.checkPersistence(corruption) }
    simulation.drain()
    simulation.checkConvergence()
    return simulation
  }

  /// Virtual seconds since the simulation started.
  var elapsed: Double { now.timeIntervalSince(Self.start) }

  /// The last cloud calls, for a report.
  var traceTail: String {
    cloud.trace.suffix(12).map(\.description).joined(separator: "; ")
  }

  /// Property 21 on the queue as the steps left it: its bytes load back to exactly the same pending
  /// and failed operations; bytes corrupted by `corruption` load as an empty queue with the reason
  /// reported, never a crash and never a silently different queue.
  private mutating func checkPersistence(_ corruption: Corruption?) {
    let original = queue.snapshot()
    var data = system.persistQueue(queue)
    if let corruption { data = corruption.apply(to: data) }
    let loaded = system.loadQueue(data, capacity: input.capacity, policy: input.policy)
    let restored = loaded.queue.snapshot()
    if corruption == nil {
      if let reason = loaded.corrupted { fail("P21", "the queue could not read its own bytes: \(reason)") }
      if restored.pending.map(\.id) != original.pending.map(\.id) || restored.failed != original.failed
        || restored.pending.map(\.attempts) != original.pending.map(\.attempts)
      {
        fail(
          "P21",
          "a round trip changed the queue: pending \(original.pending.map(\.id)) became \(restored.pending.map(\.id)), failed \(original.failed.map(\.id)) became \(restored.failed.map(\.id))"
        )
      }
    } else if loaded.corrupted == nil {
      if restored != original {
        fail(
          "P21", "corrupted bytes (\(corruption.map { "\($0)" } ?? "")) loaded silently as a different queue")
      }
    } else if loaded.queue.count != 0 || !loaded.queue.failed.isEmpty {
      fail("P21", "a corrupted file was reported but the queue did not start empty")
    }
  }

  private mutating func fail(_ property: PropertyID, _ message: String) {
    problems.append(Problem(property: property, step: step, message: message))
  }

  private mutating func perform(_ step: SyncScenario.Step) {
    switch step {
    case .enqueue(let kind, let entity, let type):
      let key = EntityKey(
        entityId: "e\(entity)", entityType: EntityType(rawValue: type.rawValue) ?? .foodItem)
      if kind == .delete {
        local[key] = .some(nil)
      } else {
        version += 1
        local[key] = .some(version)
      }
      let operation = SyncOperation(
        SyncOperation.Kind(rawValue: kind.rawValue) ?? .update, entityId: key.entityId,
        entityType: key.entityType, timestamp: now)
      let oldest = queue.count >= input.capacity ? queue.oldestPending : nil
      let pendingBefore = pendingCount(key), droppedBefore = queue.accounting().dropped
      let id = queue.enqueue(operation)
      checkEnqueue(id, operation, oldest: oldest, pendingBefore: pendingBefore, droppedBefore: droppedBefore)
      operations.append((id, operation))
      operationByID[id] = operation
      if kind != .delete { versionOf[id] = version }
      live.append(id)
      liveByKey[key, default: []].append(id)
    case .process: process()
    case .advanceTime(let seconds): now = now.addingTimeInterval(Double(seconds))
    case .goOffline: setOnline(false)
    case .goOnline: setOnline(true)
    case .signOut: signedIn = false
    case .signIn: signedIn = true
    case .restart: restart()
    }
  }

  private mutating func setOnline(_ value: Bool) {
    online = value
    cloud.online = value
  }

  private mutating func process() {
    if let flight, flight.completesAt <= now {
      complete(flight)
      return
    }
    guard flight == nil else { return }
    let before = queue.accounting()
    let action = queue.next(now: now, online: online, signedIn: signedIn)
    if !online || !signedIn {
      if action != .paused {
        fail("P17", "offline or signed out, the queue answered \(action) instead of pausing")
      }
      if case .upload = action {
      } else if queue.accounting() != before {
        fail("P17", "a paused queue changed an operation's state")
      }
    }
    if case .upload(let id, let operation) = action { startUpload(id, operation) }
  }

  private mutating func startUpload(_ id: OperationID, _ operation: SyncOperation) {
    if attempts[id, default: 0] >= input.policy.maxRetries + 1 {
      fail(
        "P18",
        "\(id) attempted again after \(attempts[id, default: 0]) attempts; maxRetries \(input.policy.maxRetries) allows \(input.policy.maxRetries + 1)"
      )
    }
    let path = DocumentPath(uid: uid, key: operation.key)
    let response: CloudFake.Response
    if operation.kind == .delete {
      response = cloud.delete(at: path, as: uid, now: now)
    } else {
      let document = CloudDocument([
        "userId": uid, "entityId": operation.entityId, "version": versionOf[id] ?? 0,
      ])
      response = cloud.set(document, at: path, as: uid, now: now)
    }
    flight = (id, operation, now.addingTimeInterval(response.latency), response.result)
  }

  private mutating func complete(
    _ call: (id: OperationID, operation: SyncOperation, completesAt: Date, result: Result<Void, SyncError>)
  ) {
    flight = nil
    now = max(now, call.completesAt)
    attempts[call.id, default: 0] += 1
    let sameEntity = liveByKey[call.operation.key, default: []].filter { $0 != call.id }
    let before = sameEntity.map { queue.state(of: $0) }, booksBefore = queue.accounting()
    queue.complete(call.id, with: call.result, now: now)
    // NB: superseding an older operation on the same entity is allowed (the newer one wins);
    // completing, dropping or forgetting another operation is a lost update.
    for (id, old) in zip(sameEntity, before) {
      let new = queue.state(of: id)
      if new != old && new != .superseded(by: call.id) {
        fail(
          "P16",
          "completing \(call.id) changed \(id) from \(old.map { "\($0)" } ?? "unknown") to \(new.map { "\($0)" } ?? "unknown")"
        )
      }
    }
    let books = queue.accounting()
    let succeeded = books.succeeded - booksBefore.succeeded, dropped = books.dropped - booksBefore.dropped
    if succeeded > (call.result.isSuccess ? 1 : 0) || dropped > 0 {
      fail("P16", "completing \(call.id) also marked \(succeeded) succeeded and \(dropped) dropped")
    }
    let state = queue.state(of: call.id)
    switch call.result {
    case .success:
      if state != .succeeded {
        fail("P16", "\(call.id) succeeded but is \(state.map { "\($0)" } ?? "unknown")")
      }
    case .failure(let error):
      checkFailure(call.id, error: error, state: state)
    }
  }

  /// Property 18: a retryable failure within budget waits exactly min(initial·2ⁿ, max); anything else
  /// fails the operation, keeping the last real error and the attempt count.
  private mutating func checkFailure(_ id: OperationID, error: SyncError, state: OperationState?) {
    let attempts = self.attempts[id, default: 0]
    if error.isRetryable && attempts <= input.policy.maxRetries {
      if case .superseded = state { return }
      guard state == .pending, let queued = queue.pending.first(where: { $0.id == id }) else {
        fail(
          "P18",
          "\(id) failed transiently after \(attempts) of \(input.policy.maxRetries + 1) attempts but is \(state.map { "\($0)" } ?? "unknown"), not pending for a retry"
        )
        return
      }
      let expected = now.addingTimeInterval(input.policy.delay(beforeRetry: attempts - 1))
      if queued.notBefore != expected {
        let delay = queued.notBefore.map { "\($0.timeIntervalSince(now)) s" } ?? "no delay"
        fail(
          "P18",
          "\(id) retry \(attempts) scheduled after \(delay); expected \(input.policy.delay(beforeRetry: attempts - 1)) s"
        )
      }
    } else {
      guard state == .failed(error), let entry = queue.failed.first(where: { $0.id == id }) else {
        fail(
          "P18",
          "\(id) ended with \(error) after \(attempts) attempts but is \(state.map { "\($0)" } ?? "unknown"), not failed with that error"
        )
        return
      }
      if entry.attempts != attempts {
        fail("P18", "\(id) failed after \(attempts) attempts but records \(entry.attempts)")
      }
    }
  }

  private mutating func restart() {
    let snapshot = queue.snapshot()
    let pendingIDs = Set(snapshot.pending.map(\.id)), failedIDs = snapshot.failed.map(\.id)
    checkRecords()
    for id in live where !pendingIDs.contains(id) { endedBeforeRestart[id] = queue.state(of: id) }
    let data = system.persistQueue(queue)
    let loaded = system.loadQueue(data, capacity: input.capacity, policy: input.policy)
    if let reason = loaded.corrupted { fail("P21", "the queue could not read its own file: \(reason)") }
    queue = loaded.queue
    flight = nil
    let restored = Set(queue.pending.map(\.id) + (queue.inFlight.map { [$0.id] } ?? []))
    if restored != pendingIDs {
      let lost = pendingIDs.subtracting(restored).sorted().map(\.description)
      fail(
        "P21", "restart restored \(restored.count) of \(pendingIDs.count) pending operations; lost \(lost)")
    }
    if queue.failed.map(\.id) != failedIDs {
      fail("P21", "restart changed the failed list: \(failedIDs) became \(queue.failed.map(\.id))")
    }
    live = Array(pendingIDs.union(failedIDs)).sorted()
    liveByKey = [:]
    for id in live {
      if let operation = operationByID[id] { liveByKey[operation.key, default: []].append(id) }
    }
  }

  /// Pending operations of `key` the queue holds now.
  ///
  /// NB: prunes the entity's finished operations (succeeded, superseded, dropped), which can never
  /// change again; without it the list grows with every operation ever made and a 100,000-step
  /// simulation turns quadratic.
  private mutating func pendingCount(_ key: EntityKey) -> Int {
    var pending = 0
    liveByKey[key]?.removeAll { id in
      switch queue.state(of: id) {
      case .succeeded?, .superseded?, .dropped?: return true
      case .pending?:
        pending += 1
        return false
      default: return false
      }
    }
    return pending
  }

  /// Property 13 (7.2): at capacity, the operation dropped is the oldest by timestamp, of those
  /// pending and the new one. Property 15: enqueueing never leaves an entity with one more pending
  /// operation than it had, when it already had one (de-duplication).
  private mutating func checkEnqueue(
    _ id: OperationID, _ operation: SyncOperation, oldest: QueuedOperation?, pendingBefore: Int,
    droppedBefore: Int
  ) {
    // The new operation is not in `liveByKey` yet, so it is counted on its own.
    let pendingAfter = pendingCount(operation.key) + (queue.state(of: id) == .pending ? 1 : 0)
    if pendingBefore >= 1 && pendingAfter > pendingBefore {
      fail(
        "P15",
        "\(operation.entityType.rawValue) \(operation.entityId) now has \(pendingAfter) pending operations; the newer should supersede the older"
      )
    }
    guard let oldest, queue.accounting().dropped > droppedBefore else { return }
    let expected = (operation.timestamp, id) < (oldest.operation.timestamp, oldest.id) ? id : oldest.id
    if case .dropped = queue.state(of: expected) { return }
    fail("P13", "at capacity \(input.capacity), an operation was dropped but not \(expected), the oldest")
  }

  /// Properties 13 and 15 after every step: within capacity, and the books balance.
  private mutating func checkBooks() {
    if queue.count > input.capacity {
      fail("P13", "queue size \(queue.count) exceeds capacity \(input.capacity)")
    }
    let books = queue.accounting()
    if !books.balances { fail("P15", "the books do not balance: \(books)") }
    if books.enqueued != live.count {
      fail("P15", "\(live.count) operations enqueued, the books count \(books.enqueued)")
    }
  }

  /// Property 15 at each restart and at the end: every operation has a record, every drop a reason.
  private mutating func checkRecords() {
    for id in live {
      switch queue.state(of: id) {
      case nil: fail("P15", "\(id) disappeared: the queue has no record of it")
      case .dropped(let reason)? where reason.isEmpty: fail("P15", "\(id) dropped without a reason")
      default: break
      }
    }
  }

  private mutating func drain() {
    setOnline(true)
    signedIn = true
    let limit = operations.count * (input.policy.maxRetries + 2) * 2 + 10
    for _ in 0..<limit {
      if let flight {
        complete(flight)
        continue
      }
      switch queue.next(now: now, online: true, signedIn: true) {
      case .upload(let id, let operation): startUpload(id, operation)
      case .wait(let until):
        guard until > now else {
          fail(
            "P14",
            "the queue waits until \(until.timeIntervalSince(Self.start)) s, which has passed, instead of processing"
          )
          return
        }
        now = until
      case .idle, .paused: return
      }
      checkBooks()
    }
    fail("P14", "the queue did not drain within \(limit) actions")
  }

  /// Properties 14, 19 and 20, once the queue has drained with no faults.
  private mutating func checkConvergence() {
    checkRecords()
    if queue.count > 0 {
      fail(
        "P14", "after draining, \(queue.count) operations were never completed: \(queue.pending.map(\.id))")
    }
    for id in live {
      switch queue.state(of: id) {
      case .succeeded?, .failed?:
        if attempts[id, default: 0] == 0 {
          fail("P14", "\(id) ended \(queue.state(of: id).map { "\($0)" } ?? "") without an attempt")
        }
      default: break
      }
    }
    var lastVersion: [DocumentPath: Int] = [:]
    for write in cloud.writes {
      guard let version = write.version else { continue }
      if let previous = lastVersion[write.path], version < previous {
        fail("P19", "a retried write put version \(version) over version \(previous) at \(write.path)")
      }
      lastVersion[write.path] = version
    }
    for (path, document) in cloud.documents.sorted(by: { $0.key < $1.key })
    where document.fields["entityId"] as? String != path.documentId {
      fail("P19", "\(path) holds entity \(document.fields["entityId"] ?? "none"): a second copy")
    }
    var newest: [EntityKey: (OperationID, SyncOperation)] = [:]
    for entry in operations {
      if let current = newest[entry.operation.key],
        (current.1.timestamp, current.0) > (entry.operation.timestamp, entry.id)
      {
        continue
      }
      newest[entry.operation.key] = entry
    }
    for (key, entry) in newest.sorted(by: { $0.key < $1.key }) {
      let state = queue.state(of: entry.0) ?? endedBeforeRestart[entry.0]
      if case .dropped? = state { continue }
      if case .failed? = state { continue }
      let document = cloud.document(at: DocumentPath(uid: uid, key: key))
      switch local[key] {
      case .some(.some(let version)):
        let held = document?.fields["version"] as? Int
        if held != version {
          fail(
            "P20",
            "\(key.entityType.rawValue) \(key.entityId): local version \(version), cloud \(held.map(String.init) ?? "nothing") (newest \(entry.0) \(state.map { "\($0)" } ?? "unknown"))"
          )
        }
      default:
        if document != nil {
          fail(
            "P20", "\(key.entityType.rawValue) \(key.entityId) was deleted locally but is back in the cloud")
        }
      }
    }
  }
}

extension Result {
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
