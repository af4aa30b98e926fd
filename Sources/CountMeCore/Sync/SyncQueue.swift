import Foundation

/// The offline sync queue of requirements 7 and 8, as a deterministic state machine.
///
/// - Enqueue de-duplicates per entity: the newer operation (by timestamp; the later one on a tie)
///   supersedes the older, so an older update never replaces a pending delete, and an operation
///   older than the one in flight is superseded by it. A failed operation is superseded as soon as a
///   newer operation of its entity is admitted, succeeds or fails: retrying it would write older
///   data over newer (P19 found this), so an entity has at most one failed operation.
/// - At capacity (1,000 by default) the oldest pending operation by timestamp is dropped to make
///   room; if the new one is the oldest, it is the one dropped.
/// - Processing goes in `rules`' order (timestamp order by default; seed 004's by type first), one
///   operation in flight at a time; each operation retries on its own with `policy`'s backoff, so
///   one waiting operation never blocks the others. Pending operations are kept in timestamp order
///   under every order: the oldest is the one dropped at capacity.
/// - A failure is retried or ends the operation as `rules.failures` says; under seed 004's rules a
///   decoding failure takes it out at once (recorded removed, with the error as its reason), and the
///   network's return (`networkReturned`) makes every waiting operation due.
/// - Completing an operation affects only that operation: success removes exactly it, never a newer
///   operation on the same entity that arrived while it was in flight.
/// - Offline or signed out, `next` pauses: nothing is attempted and no budget is spent.
/// - Every drop and failure is recorded with its reason; `accounting()` always balances.
/// - The app may take a pending or failed operation out (`remove`); one in flight stays until its
///   answer comes.
public struct SyncQueue: SyncQueueing {
  /// The most operations pending or in flight.
  public let capacity: Int
  /// How failures are retried: `rules.retry`.
  public var policy: RetryPolicy { rules.retry }
  /// How operations are retried and ordered.
  public let rules: QueueRules
  private(set) var waiting = PendingList()
  /// The operation being sent, if any.
  public package(set) var inFlight: QueuedOperation?
  /// Operations that failed for good, with their last real error.
  public package(set) var failed: [FailedOperation] = []
  /// Every operation's state and the counts of each, kept as states change.
  private(set) var books = QueueBooks()
  /// The operation last admitted to pending for each entity.
  ///
  /// The operation last admitted to pending for each entity (at most one is admitted per entity):
  /// its pending operation, if the ledger still records that one pending.
  ///
  /// NB: entries are replaced, never removed: removing a key from a dictionary rehashes the keys
  /// after it (their strings), about 1,800 instructions each time an operation left pending in P13.
  /// It holds one entry per entity the queue has seen, as the ledger holds one state per operation.
  private var pendingByKey: [OwnedKey: OperationID] = [:]
  /// Whether the restored file held two pending operations of one entity.
  ///
  /// Whether the file this queue was restored from held two pending operations of one entity, so
  /// that one may still be pending when the indexed one is not (`pendingIndex(of:)`).
  private var restoredSiblings = false
  /// The id the next operation enqueued gets.
  package private(set) var nextID: UInt64 = 1

  /// The capacity of a queue made without one: requirement 7.1's cap of 1,000 operations.
  ///
  /// The capacity of a queue made without one, whatever its rules: requirement 7.1's cap of 1,000
  /// operations. One constant for every initialiser, pinned by P13 and P21 on the default queue.
  public static let defaultCapacity = 1_000

  /// Creates an empty queue; a `capacity` below 1 counts as 1 (room for the change being made).
  public init(capacity: Int = defaultCapacity, policy: RetryPolicy = RetryPolicy()) {
    self.init(capacity: capacity, rules: .countme(retry: policy))
  }

  /// Creates an empty queue that follows `rules`; a `capacity` below 1 counts as 1.
  public init(capacity: Int = defaultCapacity, rules: QueueRules) {
    self.capacity = max(capacity, 1)
    self.rules = rules
  }

  /// A queue holding what `snapshot` saved. Above capacity, the oldest operations are dropped,
  /// each recorded with its reason.
  ///
  /// `capacity` and `policy` may differ from the saving launch's (an app update): the policy
  /// applies from each operation's next failure on, its attempts so far counting against the new
  /// budget; a retry already scheduled still runs.
  public init(
    restoring snapshot: QueueSnapshot, capacity: Int = defaultCapacity, policy: RetryPolicy = RetryPolicy()
  ) {
    self.init(restoring: snapshot, capacity: capacity, rules: .countme(retry: policy))
  }

  /// A queue holding what `snapshot` saved, following `rules` (as `init(restoring:capacity:policy:)`).
  public init(restoring snapshot: QueueSnapshot, capacity: Int = defaultCapacity, rules: QueueRules) {
    self.init(capacity: capacity, rules: rules)
    nextID = snapshot.nextID
    books = QueueBooks(firstID: snapshot.nextID)
    // NB: a file an earlier build wrote may hold older failed operations of an entity beside a newer
    // one; only the newest of each entity is kept, the others superseded by it.
    var newestFailed: [OwnedKey: FailedOperation] = [:]
    for operation in snapshot.failed {
      let key = operation.operation.ownedKey
      if let kept = newestFailed[key],
        (kept.operation.timestamp, kept.id) > (operation.operation.timestamp, operation.id)
      {
        continue
      }
      newestFailed[key] = operation
    }
    for operation in snapshot.failed {
      if let newest = newestFailed[operation.operation.ownedKey], newest.id != operation.id {
        record(operation.id, .superseded(by: newest.id))
      } else {
        failed.append(operation)
        record(operation.id, .failed(operation.error))
      }
    }
    let ordered = snapshot.pending.sorted(by: Self.processingOrder)
    let excess = max(0, ordered.count - self.capacity)
    for operation in ordered.prefix(excess) {
      record(
        operation.id,
        .dropped(reason: "trimmed on load: \(ordered.count) pending above capacity \(self.capacity)"))
    }
    // NB: a restored queue may hold two operations of one entity (one was in flight when the app
    // stopped); both stay, in timestamp order, and the index points at the newer.
    for operation in ordered.dropFirst(excess) {
      waiting.append(operation)
      let previous = pendingByKey.updateValue(operation.id, forKey: operation.operation.ownedKey)
      if previous != nil { restoredSiblings = true }
      record(operation.id, .pending)
    }
  }

  /// Operations waiting, in processing order.
  public var pending: [QueuedOperation] { waiting.elements }
  /// The first operation in processing order: the one dropped at capacity.
  public var oldestPending: QueuedOperation? { waiting.first }
  /// Pending plus in flight.
  public var count: Int {
    // NB: matched, not compared with `== nil`, which copied the operation in flight (a tenth of the
    // queue's time in P13, which asks for the size at every step).
    guard case .some = inFlight else { return waiting.count }
    return waiting.count + 1
  }

  /// Adds an operation (see `SyncQueueing.enqueue`).
  public mutating func enqueue(_ operation: SyncOperation) -> OperationID {
    let id = OperationID(nextID)
    nextID += 1
    admit(QueuedOperation(id: id, operation: operation, attempts: 0, notBefore: nil, lastError: nil))
    return id
  }

  /// What to do at `now` for whoever is signed in (see `SyncQueueing.next`): every operation is
  /// eligible, as for a single-user app.
  ///
  /// `next(now:online:user:)` keeps users apart.
  public mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    next(now: now, online: online, signedIn: signedIn) { _ in true }
  }

  /// What to do at `now` with `user` signed in, uploading only what `user` may.
  ///
  /// What to do at `now` with `user` signed in (see `SyncQueueing.next(now:online:user:)`): only
  /// `user`'s operations and those of nobody are uploaded or waited for; another user's wait.
  public mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    // NB: with nobody signed in the queue pauses before asking who may upload.
    next(now: now, online: online, signedIn: user != nil) { queued in
      user.map(queued.operation.isUploadable(by:)) ?? false
    }
  }

  private mutating func next(
    now: Date, online: Bool, signedIn: Bool, eligible: (QueuedOperation) -> Bool
  ) -> QueueAction {
    guard online, signedIn else { return .paused }
    guard inFlight == nil else { return .idle }
    if let index = nextIndex(now: now, eligible: eligible) {
      let operation = waiting.remove(at: index)
      inFlight = operation
      record(operation.id, .inFlight)
      return .upload(operation.id, operation.operation)
    }
    if let earliest = waiting.earliestRetry(where: eligible) { return .wait(until: earliest) }
    return .idle
  }

  /// Records how the upload of `id` ended (see `SyncQueueing.complete`).
  public mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    guard var operation = inFlight, operation.id == id else { return }
    inFlight = nil
    // NB: saturating at the most a queue file may record: an operation restored at that limit
    // (a file the format allows) would otherwise write a file the next launch must refuse.
    if operation.attempts < QueueSnapshot.maxAttempts { operation.attempts += 1 }
    switch result {
    case .success:
      supersedeFailed(olderThan: operation)
      record(id, .succeeded)
    case .failure(let error):
      operation.lastError = error
      if rules.failures == .discardDecoding && error.isMalformed {
        record(id, .removed(reason: "discarded: decoding failure, never retried: \(error)"))
      } else if retries(error) && operation.attempts <= policy.retries {
        operation.notBefore = now.addingTimeInterval(policy.delay(beforeRetry: operation.attempts - 1))
        admit(operation)
      } else {
        supersedeFailed(olderThan: operation)
        failed.append(
          FailedOperation(id: id, operation: operation.operation, attempts: operation.attempts, error: error))
        record(id, .failed(error))
      }
    }
  }

  /// Whether `error` is retried within the budget under `rules`.
  private func retries(_ error: SyncError) -> Bool {
    switch rules.failures {
    case .retryTransient: return error.isRetryable
    case .discardDecoding: return !error.isMalformed
    }
  }

  /// The position of the operation to send next: the first due and eligible in `rules`' order.
  private func nextIndex(now: Date, eligible: (QueuedOperation) -> Bool) -> Int? {
    let due = { (operation: QueuedOperation) in (operation.notBefore ?? now) <= now && eligible(operation) }
    guard case .priority = rules.order else { return waiting.firstIndex(where: due) }
    return waiting.firstIndex(where: due, rankedBy: { rules.rank(of: $0.operation.entityType) })
  }

  /// The network is back: under `rules.retryOnReconnect`, every waiting operation is due at once.
  ///
  /// The network is back (see `SyncQueueing.networkReturned`): under `rules.retryOnReconnect`,
  /// every waiting operation is due at once; otherwise nothing changes.
  public mutating func networkReturned() {
    if rules.retryOnReconnect { waiting.clearBackoff() }
  }

  /// Puts a failed operation back with a fresh budget (see `SyncQueueing.retryFailed`).
  public mutating func retryFailed(_ id: OperationID) -> Bool {
    guard let index = failed.firstIndex(where: { $0.id == id }) else { return false }
    let operation = failed.remove(at: index)
    admit(
      QueuedOperation(id: id, operation: operation.operation, attempts: 0, notBefore: nil, lastError: nil))
    return true
  }

  /// Takes a pending or failed operation out for good (see `SyncQueueing.remove`).
  public mutating func remove(_ id: OperationID, reason: String) -> Bool {
    if let index = failed.firstIndex(where: { $0.id == id }) {
      failed.remove(at: index)
    } else if case .pending? = books[id], let index = waiting.lastIndex(of: id) {
      _ = waiting.remove(at: index)
    } else {
      return false
    }
    record(id, .removed(reason: reason))
    return true
  }

  /// Where operation `id` is.
  public func state(of id: OperationID) -> OperationState? { books[id] }

  /// How many operations are in each state.
  public func accounting() -> QueueAccounting { books.accounting }

  /// What to persist.
  public func snapshot() -> QueueSnapshot {
    var saved = pending
    if let inFlight { saved.append(inFlight) }
    return QueueSnapshot(nextID: nextID, pending: saved.sorted(by: Self.processingOrder), failed: failed)
  }

  /// Places `operation` in the pending queue: de-duplicated against its entity, then within capacity.
  package mutating func admit(_ operation: QueuedOperation) {
    let key = operation.operation.ownedKey
    if let flying = inFlight, flying.operation.ownedKey == key, Self.isNewer(flying, than: operation) {
      record(operation.id, .superseded(by: flying.id))
      return
    }
    if let index = pendingIndex(of: key) {
      let existing = waiting[index]
      if Self.isNewer(existing, than: operation) {
        record(operation.id, .superseded(by: existing.id))
        return
      }
      _ = waiting.remove(at: index)
      record(existing.id, .superseded(by: operation.id))
    }
    if count >= capacity {
      guard let oldest = waiting.first, Self.processingOrder(oldest, operation) else {
        record(
          operation.id, .dropped(reason: "queue at capacity \(capacity) and this was the oldest operation"))
        return
      }
      waiting.removeFirst()
      record(oldest.id, .dropped(reason: "queue at capacity \(capacity): oldest dropped for \(operation.id)"))
    }
    supersedeFailed(olderThan: operation)
    waiting.insert(operation, by: Self.processingOrder)
    pendingByKey[key] = operation.id
    record(operation.id, .pending)
  }

  /// Where `key`'s pending operation is in `waiting`, or nil when it has none.
  ///
  /// Where `key`'s pending operation is in `waiting`: the indexed one, or, in a queue restored with
  /// two of one entity, the other once the indexed one has left pending (sent, or removed by the
  /// app; P15 found it).
  ///
  /// Nil when the entity has none pending.
  private func pendingIndex(of key: OwnedKey) -> Int? {
    guard let id = pendingByKey[key] else { return nil }
    if case .pending? = books[id], let index = waiting.lastIndex(of: id) { return index }
    guard restoredSiblings else { return nil }
    return waiting.lastIndex { $0.operation.ownedKey == key }
  }

  /// Takes out of the failed list every operation of `newer`'s entity older than it, recording it
  /// superseded by `newer`.
  private mutating func supersedeFailed(olderThan newer: QueuedOperation) {
    let key = newer.operation.ownedKey
    // NB: the failed list is short, and usually empty: a scan costs less than an index to maintain.
    guard failed.contains(where: { $0.operation.ownedKey == key }) else { return }
    var superseded: [OperationID] = []
    failed.removeAll { old in
      guard old.operation.ownedKey == key,
        (old.operation.timestamp, old.id) < (newer.operation.timestamp, newer.id)
      else { return false }
      superseded.append(old.id)
      return true
    }
    for id in superseded { record(id, .superseded(by: newer.id)) }
  }

  /// Moves `id` to `state` in the books.
  package mutating func record(_ id: OperationID, _ state: OperationState) { books.record(id, state) }

  /// Timestamp order; on a tie, the one enqueued first.
  static func processingOrder(_ a: QueuedOperation, _ b: QueuedOperation) -> Bool {
    precedes((a.operation.timestamp, a.id), (b.operation.timestamp, b.id))
  }

  /// Processing order on (timestamp, id) pairs.
  ///
  /// NB: spelled out, as tuples' `<` compares them (the first elements, then on equal ones the
  /// second): that `<` is generic, and a debug build built the tuples' metadata at every call.
  static func precedes(_ a: (Date, OperationID), _ b: (Date, OperationID)) -> Bool {
    a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
  }

  /// True when `a` was made after `b` (by timestamp; on a tie, enqueued later).
  static func isNewer(_ a: QueuedOperation, than b: QueuedOperation) -> Bool { processingOrder(b, a) }
}
