import CountMeContract
import CountMeCore
import Foundation

/// The reference queue algorithm (`SyncQueue`) restated with a switch for one bug.
///
/// NB: a copy on purpose: the reference must stay free of mutation hooks. Kept to the same
/// structure, so each bug reads as the one-line change an engineer might make.
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
  private(set) var pending: [QueuedOperation] = []
  private(set) var inFlight: QueuedOperation?
  private(set) var failed: [FailedOperation] = []
  private var ledger = Ledger()
  private var nextID: UInt64 = 1
  private var stopped = false

  init(bug: Bug, capacity: Int, policy: RetryPolicy, snapshot: QueueSnapshot? = nil) {
    self.bug = bug
    self.capacity = bug == .capacityUnclamped ? capacity : max(capacity, 1)
    self.policy = policy
    guard let snapshot else { return }
    nextID = snapshot.nextID
    failed = snapshot.failed
    for operation in snapshot.failed { ledger[operation.id] = .failed(operation.error) }
    let ordered = snapshot.pending.sorted(by: Self.order)
    let excess = bug == .restoreIgnoresCapacity ? 0 : max(0, ordered.count - self.capacity)
    for operation in ordered.prefix(excess) {
      ledger[operation.id] = .dropped(
        reason: "trimmed on load: \(ordered.count) pending above capacity \(self.capacity)")
    }
    for operation in ordered.dropFirst(excess) {
      pending.append(operation)
      ledger[operation.id] = .pending
    }
  }

  var count: Int { pending.count + (inFlight == nil ? 0 : 1) }

  var oldestPending: QueuedOperation? { bug == .reportsNewestAsOldest ? pending.last : pending.first }

  mutating func enqueue(_ operation: SyncOperation) -> OperationID {
    let id = OperationID(nextID)
    nextID += 1
    admit(
      QueuedOperation(id: id, operation: operation, attempts: 0, notBefore: nil, lastError: nil), retry: false
    )
    return id
  }

  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    if bug != .ignoresOffline { guard online, signedIn else { return .paused } }
    guard inFlight == nil, !stopped else { return .idle }
    if let index = pending.firstIndex(where: { ($0.notBefore ?? now) <= now }) {
      let operation = pending.remove(at: index)
      inFlight = operation
      ledger[operation.id] = .inFlight
      return .upload(operation.id, operation.operation)
    }
    let retries = pending.compactMap(\.notBefore)
    if let wait = bug == .waitsForLatestRetry ? retries.max() : retries.min() { return .wait(until: wait) }
    return .idle
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    guard var operation = inFlight, operation.id == id else { return }
    inFlight = nil
    if operation.attempts <= RetryPolicy.mostRetries || bug == .attemptsPassLimit {
      operation.attempts += 1
    }
    var outcome = result
    if bug == .timeoutCountsAsSuccess, case .failure(.deadlineExceeded) = result { outcome = .success(()) }
    switch outcome {
    case .success:
      supersedeFailed(olderThan: operation)
      ledger[id] = .succeeded
      if bug == .successRemovesByEntity {
        for other in pending where other.operation.key == operation.operation.key {
          ledger[other.id] = .succeeded
        }
        pending.removeAll { $0.operation.key == operation.operation.key }
      }
    case .failure(let error):
      operation.lastError = error
      let retryable = error.isRetryable || bug == .retriesPermanentErrors
      let budget =
        bug == .unclampedPolicy ? policy.maxRetries : policy.retries - (bug == .givesUpOneEarly ? 1 : 0)
      if retryable && (operation.attempts <= budget || bug == .retriesForever) {
        operation.notBefore = now.addingTimeInterval(delay(beforeRetry: operation.attempts - 1))
        admit(operation, retry: true)
      } else {
        let recorded =
          bug == .genericLastError && error.isRetryable
          ? SyncError.maxRetriesExceeded(operationId: "\(id)", attempts: operation.attempts) : error
        supersedeFailed(olderThan: operation)
        failed.append(
          FailedOperation(
            id: id, operation: operation.operation, attempts: operation.attempts, error: recorded))
        ledger[id] = .failed(recorded)
        if bug == .stopsAtFirstFailure { stopped = true }
      }
    }
  }

  private func delay(beforeRetry retry: Int) -> Double {
    switch bug {
    case .backoffUncapped: return policy.initialDelay * Double(1 << min(retry, 30))
    case .backoffLinear: return min(policy.initialDelay * Double(retry + 1), policy.maxDelay)
    case .unclampedPolicy: return min(policy.initialDelay * Double(1 << min(retry, 62)), policy.maxDelay)
    default: return policy.delay(beforeRetry: retry)
    }
  }

  mutating func retryFailed(_ id: OperationID) -> Bool {
    guard let index = failed.firstIndex(where: { $0.id == id }) else { return bug == .retryAlwaysAccepts }
    let operation = failed.remove(at: index)
    admit(
      QueuedOperation(id: id, operation: operation.operation, attempts: 0, notBefore: nil, lastError: nil),
      retry: false)
    return true
  }

  mutating func remove(_ id: OperationID, reason: String) -> Bool {
    if let index = failed.firstIndex(where: { $0.id == id }) {
      failed.remove(at: index)
    } else if let index = pending.firstIndex(where: { $0.id == id }) {
      if bug != .removalKeepsSending { pending.remove(at: index) }
    } else if bug == .removesInFlight, inFlight?.id == id {
      inFlight = nil
    } else {
      return false
    }
    ledger[id] = .removed(reason: reason)
    return true
  }

  func state(of id: OperationID) -> OperationState? {
    if bug == .clampsUnknownIDs, id.rawValue >= nextID, nextID > 1 { return ledger[OperationID(nextID - 1)] }
    return ledger[id]
  }

  func accounting() -> QueueAccounting { ledger.books }

  /// Every operation's state, with the books kept as states change: recounting them at each audit
  /// made a 3,000-step scenario quadratic, three quarters of the time a P13 mutant took to shrink.
  private struct Ledger {
    private var states: [OperationID: OperationState] = [:]
    private(set) var books = QueueAccounting()

    subscript(id: OperationID) -> OperationState? {
      get { states[id] }
      set {
        if let old = states[id] {
          books.enqueued -= 1
          books.count(old, by: -1)
        }
        if let new = newValue {
          books.enqueued += 1
          books.count(new, by: 1)
        }
        states[id] = newValue
      }
    }
  }

  func snapshot() -> QueueSnapshot {
    var saved = pending
    if let inFlight { saved.append(inFlight) }
    return QueueSnapshot(nextID: nextID, pending: saved.sorted(by: Self.order), failed: failed)
  }

  private mutating func supersede(_ id: OperationID, by newer: OperationID) {
    if bug == .forgetsSuperseded { ledger[id] = nil } else { ledger[id] = .superseded(by: newer) }
  }

  private mutating func admit(_ operation: QueuedOperation, retry: Bool) {
    let key = operation.operation.key
    let deduplicate = bug != .noDeduplication && !(retry && bug == .retryIgnoresNewer)
    if deduplicate {
      if let flying = inFlight, flying.operation.key == key, Self.order(operation, flying) {
        supersede(operation.id, by: flying.id)
        return
      }
      if let index = pending.firstIndex(where: { $0.operation.key == key }) {
        let existing = pending[index]
        // The bug: a retried upload takes the place of whatever is pending for its entity.
        if Self.order(operation, existing) && !(retry && bug == .retrySupersedesNewer) {
          supersede(operation.id, by: existing.id)
          return
        }
        pending.remove(at: index)
        supersede(existing.id, by: operation.id)
      }
    }
    if count >= capacity - (bug == .dropsOneBelowCapacity ? 1 : 0) && bug != .noCapacityCheck {
      if bug == .dropsNewest {
        ledger[operation.id] = .dropped(reason: "queue full: newest dropped")
        return
      }
      guard let oldest = pending.first, Self.order(oldest, operation) else {
        ledger[operation.id] = .dropped(reason: "queue at capacity and this was the oldest")
        return
      }
      pending.removeFirst()
      ledger[oldest.id] = .dropped(reason: "queue at capacity: oldest dropped")
    }
    supersedeFailed(olderThan: operation)
    let index = pending.firstIndex { Self.order(operation, $0) } ?? pending.endIndex
    pending.insert(operation, at: index)
    ledger[operation.id] = .pending
  }

  /// The failed operations of `newer`'s entity older than it are superseded by it.
  private mutating func supersedeFailed(olderThan newer: QueuedOperation) {
    guard bug != .keepsOvertakenFailures else { return }
    let older = failed.filter {
      $0.operation.key == newer.operation.key
        && ($0.operation.timestamp, $0.id) < (newer.operation.timestamp, newer.id)
    }
    for operation in older { supersede(operation.id, by: newer.id) }
    failed.removeAll { operation in older.contains { $0.id == operation.id } }
  }

  static func order(_ a: QueuedOperation, _ b: QueuedOperation) -> Bool {
    (a.operation.timestamp, a.id) < (b.operation.timestamp, b.id)
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
