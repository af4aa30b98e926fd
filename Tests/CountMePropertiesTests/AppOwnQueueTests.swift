import CountMeContract
import CountMeCore
import CountMeProperties
import Foundation
import PropertyHarness
import Testing

/// Seed 002's queue as an app ships it (`syncQueue: [SyncOperation]` with add, process and clear),
/// brought as the queue layer in full: its own list and ids, a failed upload re-queued at the back
/// with its backoff, and its books kept in CountMeCore's `QueueBooks`. It has no capacity and no
/// de-duplication, as the seed's design has none.
private struct ArrayQueue: SyncQueueing {
  let capacity: Int
  let policy: RetryPolicy
  private(set) var pending: [QueuedOperation] = []
  private(set) var inFlight: QueuedOperation?
  private(set) var failed: [FailedOperation] = []
  private var books = QueueBooks()
  private var nextID: UInt64 = 1

  init(capacity: Int, policy: RetryPolicy, restoring snapshot: QueueSnapshot? = nil) {
    self.capacity = capacity
    self.policy = policy
    guard let snapshot else { return }
    nextID = snapshot.nextID
    books = QueueBooks(firstID: snapshot.nextID)
    pending = snapshot.pending
    failed = snapshot.failed
    for operation in pending { books.record(operation.id, .pending) }
    for operation in failed { books.record(operation.id, .failed(operation.error)) }
  }

  var count: Int { pending.count + (inFlight == nil ? 0 : 1) }

  /// The seed's "add": appended at the back, whatever else is queued.
  mutating func enqueue(_ operation: SyncOperation) -> OperationID {
    let id = OperationID(nextID)
    nextID += 1
    pending.append(QueuedOperation(id: id, operation: operation, attempts: 0, notBefore: nil, lastError: nil))
    books.record(id, .pending)
    return id
  }

  /// The seed's "process": the first operation whose backoff has passed.
  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    guard online, signedIn else { return .paused }
    guard inFlight == nil else { return .idle }
    guard let index = pending.firstIndex(where: { ($0.notBefore ?? now) <= now }) else {
      return pending.compactMap(\.notBefore).min().map { .wait(until: $0) } ?? .idle
    }
    let operation = pending.remove(at: index)
    inFlight = operation
    books.record(operation.id, .inFlight)
    return .upload(operation.id, operation.operation)
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    guard var operation = inFlight, operation.id == id else { return }
    inFlight = nil
    operation.attempts += 1
    switch result {
    case .success: books.record(id, .succeeded)
    case .failure(let error) where error.isRetryable && operation.attempts <= policy.retries:
      operation.lastError = error
      operation.notBefore = now.addingTimeInterval(policy.delay(beforeRetry: operation.attempts - 1))
      pending.append(operation)
      books.record(id, .pending)
    case .failure(let error):
      failed.append(
        FailedOperation(id: id, operation: operation.operation, attempts: operation.attempts, error: error))
      books.record(id, .failed(error))
    }
  }

  mutating func retryFailed(_ id: OperationID) -> Bool {
    guard let index = failed.firstIndex(where: { $0.id == id }) else { return false }
    let operation = failed.remove(at: index)
    pending.append(
      QueuedOperation(id: id, operation: operation.operation, attempts: 0, notBefore: nil, lastError: nil))
    books.record(id, .pending)
    return true
  }

  mutating func remove(_ id: OperationID, reason: String) -> Bool {
    if let index = pending.firstIndex(where: { $0.id == id }) {
      pending.remove(at: index)
    } else if let index = failed.firstIndex(where: { $0.id == id }) {
      failed.remove(at: index)
    } else {
      return false
    }
    books.record(id, .removed(reason: reason))
    return true
  }

  /// The seed's "clear": every pending and failed operation removed, for `reason`.
  mutating func clear(reason: String) {
    for id in pending.map(\.id) + failed.map(\.id) { _ = remove(id, reason: reason) }
  }

  func state(of id: OperationID) -> OperationState? { books[id] }
  func accounting() -> QueueAccounting { books.accounting }
  func snapshot() -> QueueSnapshot {
    QueueSnapshot(nextID: nextID, pending: pending + (inFlight.map { [$0] } ?? []), failed: failed)
  }
}

/// The queue layer of an app whose queue is `ArrayQueue`, persisted as CountMeCore's file.
private struct ArrayQueues: QueueLayer {
  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    ArrayQueue(capacity: capacity, policy: policy)
  }
  func persistQueue(_ queue: any SyncQueueing) -> Data { queue.snapshot().encoded() }
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    do {
      return (ArrayQueue(capacity: capacity, policy: policy, restoring: try QueueSnapshot.decode(data)), nil)
    } catch {
      return (ArrayQueue(capacity: capacity, policy: policy), "\(error)")
    }
  }
}

@Suite("An app's own queue, brought in full as the queue layer")
struct AppOwnQueueTests {
  /// Enough cases to meet both missing rules; a small shrink budget, since what is judged is which
  /// rule broke, not how small the case gets.
  static let settings: RunSettings = {
    var settings = RunSettings(seed: 0xC0FFEE, cases: 100)
    settings.shrinkBudget = 50
    return settings
  }()

  @Test(
    "seed 002's array queue runs P13–P21 as its own, and fails the rules it lacks: the cap and de-duplication"
  )
  func arrayQueue() throws {
    let report = Catalog.run(
      ArrayQueues(), properties: try Catalog.select("P13-P21"),
      settings: Self.settings)
    #expect(report.properties.map(\.id) == (try Catalog.select("P13-P21")), "every queue property ran on it")
    #expect(report.properties.allSatisfy { $0.conditions.isEmpty }, "nothing borrowed")
    let failures = report.properties.filter { !$0.passed }
    let p13 = try #require(failures.first { $0.id == "P13" }, "requirement 7.1: no cap")
    #expect(p13.failure?.observed.contains("capacity") == true, "\(p13.failure?.observed ?? "")")
    let p15 = try #require(failures.first { $0.id == "P15" }, "7.2: no de-duplication")
    #expect(
      p15.failure?.observed.contains("pending operations; the newer should supersede the older") == true)
  }

  @Test("its clear removes every waiting operation, and the books it keeps in QueueBooks balance")
  func clear() {
    var queue = ArrayQueue(capacity: 10, policy: RetryPolicy())
    let t0 = Date(timeIntervalSince1970: 1_767_225_600)
    for entity in ["a", "b", "c"] {
      _ = queue.enqueue(SyncOperation(.create, entityId: entity, entityType: .foodItem, timestamp: t0))
    }
    guard case .upload(let first, _) = queue.next(now: t0, online: true, signedIn: true) else {
      Issue.record("expected an upload")
      return
    }
    queue.clear(reason: "signed out")
    #expect(queue.pending.isEmpty && queue.state(of: first) == .inFlight, "the upload in flight stays")
    let books = queue.accounting()
    #expect(books.removed == 2 && books.inFlight == 1 && books.balances)
  }
}
