import CountMeContract
import CountMeCore
import CountMeProperties
import Foundation
import PropertyHarness
import Testing

/// CountMeCore's queue, but its own audit always reports a problem: every other answer is sound.
private struct SelfDoubtingQueue: ForwardingQueue {
  var base: any SyncQueueing

  func invariantViolations() -> [String] { ["a doubt of its own"] }
}

/// The queue layer whose queues are `SelfDoubtingQueue`, persisted as CountMeCore's file.
private struct SelfDoubtingQueues: QueueLayer {
  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    SelfDoubtingQueue(base: SyncQueue(capacity: capacity, policy: policy))
  }
  func persistQueue(_ queue: any SyncQueueing) -> Data { queue.snapshot().encoded() }
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    let (loaded, corrupted) = ReferenceSystem().loadQueue(data, capacity: capacity, policy: policy)
    return (SelfDoubtingQueue(base: loaded), corrupted)
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
