import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `SyncQueue` with one bug in what it is fed, what it answers or what a call leaves.
///
/// CountMeCore's `SyncQueue` with one bug: fed another capacity, policy, clock, result or key, its
/// answer rewritten, or one step of its books redone wrong after a call.
///
/// NB: the books are reached through `SyncQueue`'s `package` members (`admit`, `record`, `failed`,
/// `inFlight`), never restated; the queue's own audit (`invariantViolations()`) is not forwarded, so
/// only the properties' oracles see a bug, as they would see an app's queue that has no audit.
struct MutantQueue: SyncQueueing {
  enum Bug: Sendable {
    case noCapacityCheck, dropsNewest, noDeduplication, successRemovesByEntity, stopsAtFirstFailure,
      retriesForever
    case backoffUncapped, backoffLinear, retriesPermanentErrors, ignoresOffline, genericLastError,
      forgetsSuperseded
    case retryIgnoresNewer, timeoutCountsAsSuccess, persistenceDropsLast, givesUpOneEarly, unclampedPolicy,
      restoreIgnoresCapacity, retrySupersedesNewer
    case dropsOneBelowCapacity, waitsForLatestRetry, keepsOvertakenFailures, retryAlwaysAccepts,
      reportsNewestAsOldest, attemptsPassLimit, capacityUnclamped
    /// `state(of:)` of an id past the newest answers with the newest's state, as a ledger kept in an
    /// array that clamps its index would.
    case clampsUnknownIDs
    /// `remove` takes out the operation in flight too, whose answer then goes nowhere.
    case removesInFlight
    /// `remove` records the operation removed but leaves it in the pending list, which sends it.
    case removalKeepsSending
  }

  let bug: Bug
  let capacity: Int
  let policy: RetryPolicy
  private var queue: SyncQueue
  private let limit: Int?
  private var stopped = false
  /// What the app enqueued, for the operations the queue holds under a key of their own (no
  /// de-duplication): every view maps them back.
  private var originals: [OperationID: SyncOperation] = [:]
  private var uniqueKeys: UInt64 = 0

  init(bug: Bug, capacity: Int, policy: RetryPolicy, snapshot: QueueSnapshot? = nil) {
    self.bug = bug
    self.capacity = bug == .capacityUnclamped ? capacity : max(capacity, 1)
    self.policy = policy
    limit = Self.limit(bug, capacity: self.capacity)
    let rules = QueueRules.countme(
      retry: bug == .givesUpOneEarly
        ? RetryPolicy(
          initialDelay: policy.initialDelay, maxDelay: policy.maxDelay, maxRetries: policy.retries - 1)
        : policy)
    // A capacity bug gets a queue without a capacity, and the wrapper keeps (or fails to keep) it.
    let held = limit == nil ? self.capacity : Int.max
    guard let snapshot else {
      queue = SyncQueue(capacity: held, rules: rules)
      return
    }
    queue = SyncQueue(restoring: snapshot, capacity: held, rules: rules)
    guard held == Int.max, bug != .restoreIgnoresCapacity else { return }
    while queue.count > max(self.capacity, 0), let oldest = queue.oldestPending {
      drop(
        oldest.id,
        reason: "trimmed on load: \(snapshot.pending.count) pending above capacity \(self.capacity)")
    }
  }

  /// The size above which an admission drops an operation, when `bug` is in how the queue keeps `capacity`.
  ///
  /// The size above which an admission drops an operation, when `bug` is in how the queue keeps
  /// `capacity` (nil: the queue keeps it); `Int.max` for a queue that never checks.
  private static func limit(_ bug: Bug, capacity: Int) -> Int? {
    switch bug {
    case .noCapacityCheck: return Int.max
    case .dropsNewest, .restoreIgnoresCapacity, .capacityUnclamped: return capacity
    case .dropsOneBelowCapacity: return capacity - 1
    default: return nil
    }
  }

  var count: Int { queue.count }
  var pending: [QueuedOperation] { originals.isEmpty ? queue.pending : queue.pending.map(original) }
  var inFlight: QueuedOperation? { queue.inFlight.map(original) }
  var failed: [FailedOperation] { originals.isEmpty ? queue.failed : queue.failed.map(original) }
  var oldestPending: QueuedOperation? {
    bug == .reportsNewestAsOldest ? pending.last : queue.oldestPending.map(original)
  }

  mutating func enqueue(_ operation: SyncOperation) -> OperationID {
    let failedBefore = queue.failed
    let id = queue.enqueue(bug == .noDeduplication ? uniquelyKeyed(operation) : operation)
    if bug == .noDeduplication { originals[id] = operation }
    afterAdmitting(id, failedBefore: failedBefore)
    return id
  }

  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    if stopsHere(online: online, signedIn: signedIn) { return .idle }
    let anyway = bug == .ignoresOffline
    return answer(queue.next(now: now, online: online || anyway, signedIn: signedIn || anyway))
  }

  mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    if stopsHere(online: online, signedIn: user != nil) { return .idle }
    let anyway = bug == .ignoresOffline
    // Signed out, a queue that ignores the state sends every user's operations.
    if anyway, user == nil { return answer(queue.next(now: now, online: true, signedIn: true)) }
    return answer(queue.next(now: now, online: online || anyway, user: user))
  }

  /// Whether a queue that stopped at its first failure answers idle where it would otherwise send.
  private func stopsHere(online: Bool, signedIn: Bool) -> Bool {
    stopped && ((online && signedIn) || bug == .ignoresOffline) && queue.inFlight == nil
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    guard let flying = queue.inFlight, flying.id == id else { return }
    let failedBefore = queue.failed
    var fed = result
    if bug == .timeoutCountsAsSuccess, case .failure(.deadlineExceeded) = result { fed = .success(()) }
    let attempts = flying.attempts < QueueSnapshot.maxAttempts ? flying.attempts + 1 : flying.attempts
    queue.complete(id, with: fed, now: now.addingTimeInterval(clockShift(beforeRetry: attempts - 1)))
    switch (fed, queue.state(of: id)) {
    case (.success, _) where bug == .successRemovesByEntity:
      for other in queue.pending where other.operation.key == flying.operation.key {
        _ = queue.remove(other.id, reason: "")
        queue.record(other.id, .succeeded)
      }
    case (.failure(let error), .failed?):
      if bug == .stopsAtFirstFailure { stopped = true }
      let retried =
        (bug == .retriesForever && error.isRetryable)
        || (bug == .retriesPermanentErrors && !error.isRetryable && attempts <= policy.retries)
      if retried {
        requeue(id, attempts: attempts, error: error, now: now)
      } else if bug == .genericLastError && error.isRetryable {
        let generic = SyncError.maxRetriesExceeded(operationId: "\(id)", attempts: attempts)
        queue.failed[queue.failed.count - 1] = FailedOperation(
          id: id, operation: flying.operation, attempts: attempts, error: generic)
        queue.record(id, .failed(generic))
      }
    case (.failure(let error), .superseded(let newer)?)
    where bug == .retryIgnoresNewer || bug == .retrySupersedesNewer:
      guard case .pending? = queue.state(of: newer) else { break }
      if bug == .retrySupersedesNewer { _ = queue.remove(newer, reason: "") }
      if bug == .retryIgnoresNewer { originals[id] = flying.operation }
      queue.admit(
        QueuedOperation(
          id: id, operation: bug == .retryIgnoresNewer ? uniquelyKeyed(flying.operation) : flying.operation,
          attempts: attempts, notBefore: now.addingTimeInterval(policy.delay(beforeRetry: attempts - 1)),
          lastError: error))
      if bug == .retrySupersedesNewer { queue.record(newer, .superseded(by: id)) }
    default: break
    }
    if bug == .attemptsPassLimit, flying.attempts >= QueueSnapshot.maxAttempts { countOneMore(id) }
    afterAdmitting(id, failedBefore: failedBefore)
  }

  mutating func networkReturned() { queue.networkReturned() }

  mutating func retryFailed(_ id: OperationID) -> Bool {
    let failedBefore = queue.failed
    guard queue.retryFailed(id) else { return bug == .retryAlwaysAccepts }
    afterAdmitting(id, failedBefore: failedBefore)
    return true
  }

  mutating func remove(_ id: OperationID, reason: String) -> Bool {
    if bug == .removalKeepsSending, case .pending? = queue.state(of: id) {
      queue.record(id, .removed(reason: reason))
      return true
    }
    if bug == .removesInFlight, queue.inFlight?.id == id {
      queue.inFlight = nil
      queue.record(id, .removed(reason: reason))
      return true
    }
    return queue.remove(id, reason: reason)
  }

  func state(of id: OperationID) -> OperationState? {
    if bug == .clampsUnknownIDs, id.rawValue >= queue.nextID, queue.nextID > 1 {
      return queue.state(of: OperationID(queue.nextID - 1))
    }
    let state = queue.state(of: id)
    if bug == .forgetsSuperseded, case .superseded? = state { return nil }
    return state
  }

  func accounting() -> QueueAccounting {
    var books = queue.accounting()
    if bug == .forgetsSuperseded {
      books.enqueued -= books.superseded
      books.superseded = 0
    }
    return books
  }

  func snapshot() -> QueueSnapshot {
    var saved = queue.snapshot()
    saved.pending = saved.pending.map(original)
    saved.failed = saved.failed.map(original)
    return saved
  }

  /// The queue's answer with the operation to upload as the app enqueued it, and the wait rewritten.
  private func answer(_ action: QueueAction) -> QueueAction {
    switch action {
    case .upload(let id, let operation): return .upload(id, originals[id] ?? operation)
    case .wait where bug == .waitsForLatestRetry:
      return queue.pending.compactMap(\.notBefore).max().map(QueueAction.wait(until:)) ?? action
    default: return action
    }
  }

  /// How far the clock handed to the queue's `complete` is moved so that its backoff (the policy's
  /// delay) lands where the buggy delay would.
  private func clockShift(beforeRetry retry: Int) -> Double {
    let wrong: Double
    switch bug {
    case .backoffUncapped: wrong = policy.initialDelay * Double(1 << min(retry, 30))
    case .backoffLinear: wrong = min(policy.initialDelay * Double(retry + 1), policy.maxDelay)
    case .unclampedPolicy: wrong = min(policy.initialDelay * Double(1 << min(retry, 62)), policy.maxDelay)
    default: return 0
    }
    return wrong - policy.delay(beforeRetry: retry)
  }

  /// After `id` was admitted, or answered: the drops and supersessions the bug changes.
  private mutating func afterAdmitting(_ id: OperationID, failedBefore: [FailedOperation]) {
    if let limit, case .pending? = queue.state(of: id), queue.count > max(limit, 0),
      let oldest = queue.oldestPending
    {
      if bug == .dropsNewest {
        drop(id, reason: "queue full: newest dropped")
      } else if oldest.id == id {
        drop(id, reason: "queue at capacity and this was the oldest")
      } else {
        drop(oldest.id, reason: "queue at capacity: oldest dropped")
      }
    }
    guard bug == .keepsOvertakenFailures else { return }
    for operation in failedBefore {
      guard case .superseded? = queue.state(of: operation.id) else { continue }
      queue.failed.append(operation)
      queue.record(operation.id, .failed(operation.error))
    }
  }

  /// Takes pending operation `id` out, recorded dropped.
  private mutating func drop(_ id: OperationID, reason: String) {
    _ = queue.remove(id, reason: "")
    queue.record(id, .dropped(reason: reason))
  }

  /// Puts failed operation `id` back to wait for its next attempt, as a retryable failure within
  /// the budget is.
  private mutating func requeue(_ id: OperationID, attempts: Int, error: SyncError, now: Date) {
    guard let failure = queue.failed.last, failure.id == id else { return }
    queue.failed.removeLast()
    queue.admit(
      QueuedOperation(
        id: id, operation: failure.operation, attempts: attempts,
        notBefore: now.addingTimeInterval(policy.delay(beforeRetry: attempts - 1)), lastError: error))
  }

  /// Counts one more attempt of `id` than the queue did, past the most a queue file records.
  private mutating func countOneMore(_ id: OperationID) {
    if let index = queue.failed.firstIndex(where: { $0.id == id }) {
      let failure = queue.failed[index]
      queue.failed[index] = FailedOperation(
        id: id, operation: failure.operation, attempts: failure.attempts + 1, error: failure.error)
    } else if case .pending? = queue.state(of: id),
      var operation = queue.pending.first(where: { $0.id == id })
    {
      _ = queue.remove(id, reason: "")
      operation.attempts += 1
      queue.admit(operation)
    }
  }

  /// `operation` under an entity id no other operation has, so the queue supersedes nothing by it.
  private mutating func uniquelyKeyed(_ operation: SyncOperation) -> SyncOperation {
    uniqueKeys += 1
    return SyncOperation(
      operation.kind, entityId: "\(operation.entityId)\u{0}\(uniqueKeys)", entityType: operation.entityType,
      timestamp: operation.timestamp, owner: operation.owner)
  }

  /// `queued` as the app enqueued it.
  private func original(_ queued: QueuedOperation) -> QueuedOperation {
    guard let operation = originals[queued.id] else { return queued }
    return QueuedOperation(
      id: queued.id, operation: operation, attempts: queued.attempts, notBefore: queued.notBefore,
      lastError: queued.lastError)
  }

  /// `failure` as the app enqueued its operation.
  private func original(_ failure: FailedOperation) -> FailedOperation {
    guard let operation = originals[failure.id] else { return failure }
    return FailedOperation(
      id: failure.id, operation: operation, attempts: failure.attempts, error: failure.error)
  }
}

/// The reference system with a mutant queue.
struct QueueMutant: ReferenceForwarding {
  let bug: MutantQueue.Bug

  init(_ bug: MutantQueue.Bug) { self.bug = bug }

  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    MutantQueue(bug: bug, capacity: capacity, policy: policy)
  }

  func persistQueue(_ queue: any SyncQueueing) -> Data {
    var snapshot = queue.snapshot()
    if bug == .persistenceDropsLast, !snapshot.pending.isEmpty { snapshot.pending.removeLast() }
    return snapshot.encoded()
  }

  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    do {
      return (
        MutantQueue(bug: bug, capacity: capacity, policy: policy, snapshot: try QueueSnapshot.decode(data)),
        nil
      )
    } catch {
      return (MutantQueue(bug: bug, capacity: capacity, policy: policy), "\(error)")
    }
  }

}
