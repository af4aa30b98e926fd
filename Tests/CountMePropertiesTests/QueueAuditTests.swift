import CountMeContract
import CountMeCore
import CountMeProperties
import Foundation
import PropertyHarness
import Testing

/// CountMeCore's queue, but its own audit always reports a problem: every other answer is sound.
private struct SelfDoubtingQueue: SyncQueueing {
  var queue: SyncQueue

  var capacity: Int { queue.capacity }
  var policy: RetryPolicy { queue.policy }
  var count: Int { queue.count }
  var pending: [QueuedOperation] { queue.pending }
  var inFlight: QueuedOperation? { queue.inFlight }
  var failed: [FailedOperation] { queue.failed }
  var oldestPending: QueuedOperation? { queue.oldestPending }

  mutating func enqueue(_ operation: SyncOperation) -> OperationID { queue.enqueue(operation) }
  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    queue.next(now: now, online: online, signedIn: signedIn)
  }
  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    queue.complete(id, with: result, now: now)
  }
  mutating func retryFailed(_ id: OperationID) -> Bool { queue.retryFailed(id) }
  mutating func remove(_ id: OperationID, reason: String) -> Bool { queue.remove(id, reason: reason) }
  func state(of id: OperationID) -> OperationState? { queue.state(of: id) }
  func accounting() -> QueueAccounting { queue.accounting() }
  func snapshot() -> QueueSnapshot { queue.snapshot() }
  func invariantViolations() -> [String] { ["a doubt of its own"] }
}

/// The queue layer whose queues are `SelfDoubtingQueue`, persisted as CountMeCore's file.
private struct SelfDoubtingQueues: QueueLayer {
  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    SelfDoubtingQueue(queue: SyncQueue(capacity: capacity, policy: policy))
  }
  func persistQueue(_ queue: any SyncQueueing) -> Data { queue.snapshot().encoded() }
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    let (loaded, corrupted) = ReferenceSystem().loadQueue(data, capacity: capacity, policy: policy)
    guard let reference = loaded as? SyncQueue else { return (loaded, corrupted) }
    return (SelfDoubtingQueue(queue: reference), corrupted)
  }
}

@Suite("The queue's own audit is asked for where a judge reads it: P15")
struct QueueAuditTests {
  @Test("a queue whose audit always finds a problem fails P15 on it, and passes the queue's other properties")
  func onlyP15ReadsTheAudit() throws {
    let report = Catalog.run(
      SelfDoubtingQueues(), properties: try Catalog.select("P13-P21"),
      settings: RunSettings(seed: 0xC0FFEE, cases: 20))
    #expect(report.properties.map(\.id) == (try Catalog.select("P13-P21")))
    let failed = report.properties.filter { $0.status == .failed }
    #expect(failed.map(\.id) == ["P15"])
    let observed = try #require(failed.first?.failure?.observed)
    #expect(observed.contains("the queue's own check: a doubt of its own"), "\(observed)")
  }
}
