import CountMeCore
import Foundation

/// `SyncQueue` refactored as an app might: the same rules over plain sorted arrays, with no index
/// of pending operations by entity and no slot list, every lookup a scan. `diff` against the
/// reference must find no difference (`DiffTests`).
struct RefactoredQueue: SyncQueueing {
  let capacity: Int
  let rules: QueueRules
  var policy: RetryPolicy { rules.retry }
  /// Waiting operations in timestamp order.
  private(set) var pending: [QueuedOperation] = []
  private(set) var inFlight: QueuedOperation?
  private(set) var failed: [FailedOperation] = []
  private var books = QueueBooks()
  private var nextID: UInt64 = 1

  init(capacity: Int = 1_000, rules: QueueRules) {
    self.capacity = max(capacity, 1)
    self.rules = rules
  }

  init(restoring snapshot: QueueSnapshot, capacity: Int = 1_000, rules: QueueRules) {
    self.init(capacity: capacity, rules: rules)
    nextID = snapshot.nextID
    books = QueueBooks(firstID: snapshot.nextID)
    for operation in snapshot.failed {
      let newer = snapshot.failed.first { other in
        other.operation.ownedKey == operation.operation.ownedKey && other.id != operation.id
          && (other.operation.timestamp, other.id) > (operation.operation.timestamp, operation.id)
      }
      // The newest failed operation of an entity stays; the others are superseded by it.
      let newest = snapshot.failed.filter { $0.operation.ownedKey == operation.operation.ownedKey }
        .max { ($0.operation.timestamp, $0.id) < ($1.operation.timestamp, $1.id) }
      if newer != nil, let newest {
        books.record(operation.id, .superseded(by: newest.id))
      } else {
        failed.append(operation)
        books.record(operation.id, .failed(operation.error))
      }
    }
    let ordered = snapshot.pending.sorted(by: Self.before)
    let excess = max(0, ordered.count - self.capacity)
    for operation in ordered.prefix(excess) {
      books.record(
        operation.id,
        .dropped(reason: "trimmed on load: \(ordered.count) pending above capacity \(self.capacity)"))
    }
    for operation in ordered.dropFirst(excess) {
      pending.append(operation)
      books.record(operation.id, .pending)
    }
  }

  var count: Int { pending.count + (inFlight == nil ? 0 : 1) }

  mutating func enqueue(_ operation: SyncOperation) -> OperationID {
    let id = OperationID(nextID)
    nextID += 1
    admit(QueuedOperation(id: id, operation: operation, attempts: 0, notBefore: nil, lastError: nil))
    return id
  }

  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    next(now: now, online: online, signedIn: signedIn) { _ in true }
  }

  mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    next(now: now, online: online, signedIn: user != nil) {
      user.map($0.operation.isUploadable(by:)) ?? false
    }
  }

  private mutating func next(
    now: Date, online: Bool, signedIn: Bool, eligible: (QueuedOperation) -> Bool
  ) -> QueueAction {
    guard online, signedIn else { return .paused }
    guard inFlight == nil else { return .idle }
    let due = pending.indices.filter { (pending[$0].notBefore ?? now) <= now && eligible(pending[$0]) }
    let (items, rules) = (pending, self.rules)
    let rank = { (index: Int) in rules.rank(of: items[index].operation.entityType) }
    if let index = due.min(by: { (rank($0), $0) < (rank($1), $1) }) {
      let operation = pending.remove(at: index)
      inFlight = operation
      books.record(operation.id, .inFlight)
      return .upload(operation.id, operation.operation)
    }
    if let earliest = pending.filter(eligible).compactMap(\.notBefore).min() { return .wait(until: earliest) }
    return .idle
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    guard var operation = inFlight, operation.id == id else { return }
    inFlight = nil
    // The most a queue file may record: one past the most retries any policy makes.
    if operation.attempts <= RetryPolicy.mostRetries { operation.attempts += 1 }
    switch result {
    case .success:
      supersedeFailed(olderThan: operation)
      books.record(id, .succeeded)
    case .failure(let error):
      operation.lastError = error
      let retried = rules.failures == .retryTransient ? error.isRetryable : !error.isMalformed
      if rules.failures == .discardDecoding && error.isMalformed {
        books.record(id, .removed(reason: "discarded: decoding failure, never retried: \(error)"))
      } else if retried && operation.attempts <= policy.retries {
        operation.notBefore = now.addingTimeInterval(policy.delay(beforeRetry: operation.attempts - 1))
        admit(operation)
      } else {
        supersedeFailed(olderThan: operation)
        failed.append(
          FailedOperation(id: id, operation: operation.operation, attempts: operation.attempts, error: error))
        books.record(id, .failed(error))
      }
    }
  }

  mutating func networkReturned() {
    guard rules.retryOnReconnect else { return }
    for index in pending.indices { pending[index].notBefore = nil }
  }

  mutating func retryFailed(_ id: OperationID) -> Bool {
    guard let index = failed.firstIndex(where: { $0.id == id }) else { return false }
    let operation = failed.remove(at: index)
    admit(
      QueuedOperation(id: id, operation: operation.operation, attempts: 0, notBefore: nil, lastError: nil))
    return true
  }

  mutating func remove(_ id: OperationID, reason: String) -> Bool {
    if let index = failed.firstIndex(where: { $0.id == id }) {
      failed.remove(at: index)
    } else if let index = pending.lastIndex(where: { $0.id == id }) {
      pending.remove(at: index)
    } else {
      return false
    }
    books.record(id, .removed(reason: reason))
    return true
  }

  func state(of id: OperationID) -> OperationState? { books[id] }
  func accounting() -> QueueAccounting { books.accounting }

  func snapshot() -> QueueSnapshot {
    QueueSnapshot(
      nextID: nextID, pending: (pending + (inFlight.map { [$0] } ?? [])).sorted(by: Self.before),
      failed: failed)
  }

  private mutating func admit(_ operation: QueuedOperation) {
    let key = operation.operation.ownedKey
    if let flying = inFlight, flying.operation.ownedKey == key, Self.before(operation, flying) {
      books.record(operation.id, .superseded(by: flying.id))
      return
    }
    if let index = pending.lastIndex(where: { $0.operation.ownedKey == key }) {
      let existing = pending[index]
      if Self.before(operation, existing) {
        books.record(operation.id, .superseded(by: existing.id))
        return
      }
      pending.remove(at: index)
      books.record(existing.id, .superseded(by: operation.id))
    }
    if count >= capacity {
      guard let oldest = pending.first, Self.before(oldest, operation) else {
        books.record(
          operation.id, .dropped(reason: "queue at capacity \(capacity) and this was the oldest operation"))
        return
      }
      pending.removeFirst()
      books.record(
        oldest.id, .dropped(reason: "queue at capacity \(capacity): oldest dropped for \(operation.id)"))
    }
    supersedeFailed(olderThan: operation)
    pending.insert(operation, at: pending.lastIndex { Self.before($0, operation) }.map { $0 + 1 } ?? 0)
    books.record(operation.id, .pending)
  }

  private mutating func supersedeFailed(olderThan newer: QueuedOperation) {
    let older = failed.filter {
      $0.operation.ownedKey == newer.operation.ownedKey
        && ($0.operation.timestamp, $0.id) < (newer.operation.timestamp, newer.id)
    }
    failed.removeAll { old in older.contains { $0.id == old.id } }
    for old in older { books.record(old.id, .superseded(by: newer.id)) }
  }

  /// Timestamp order; on a tie, the one enqueued first.
  static func before(_ a: QueuedOperation, _ b: QueuedOperation) -> Bool {
    (a.operation.timestamp, a.id) < (b.operation.timestamp, b.id)
  }
}
