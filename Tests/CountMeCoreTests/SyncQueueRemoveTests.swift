import Foundation
import Testing

@testable import CountMeCore

@Suite("The app's removal of a queued operation, and the books it keeps")
struct SyncQueueRemoveTests {
  @Test("a pending operation is taken out for good, recorded removed with the reason, and counted")
  func removesPending() {
    var queue = SyncQueue(capacity: 10)
    let create = queue.enqueue(op(.create, "a", at: 1))
    let other = queue.enqueue(op(.create, "b", at: 2))
    let removed = queue.remove(create, reason: "created and deleted offline")
    #expect(removed)
    #expect(queue.state(of: create) == .removed(reason: "created and deleted offline"))
    #expect(queue.pending.map(\.id) == [other])
    #expect(queue.accounting().removed == 1 && queue.accounting().pending == 1 && queue.accounting().balances)
    #expect(queue.invariantViolations().isEmpty)
    let sent = startNext(&queue)
    #expect(sent == other, "the removed operation is never sent")
    #expect(!queue.snapshot().pending.contains { $0.id == create }, "nor persisted")
  }

  @Test("a failed operation is discarded from the failed list")
  func removesFailed() {
    var queue = SyncQueue(capacity: 10, policy: RetryPolicy(initialDelay: 1, maxDelay: 1, maxRetries: 0))
    let id = queue.enqueue(op(.update, "a", at: 1))
    guard let sent = startNext(&queue) else { return }
    queue.complete(sent, with: .failure(.permissionDenied(path: "p")), now: t0)
    #expect(queue.failed.map(\.id) == [id])
    let discarded = queue.remove(id, reason: "the user discarded it")
    #expect(discarded)
    #expect(queue.failed.isEmpty && queue.state(of: id) == .removed(reason: "the user discarded it"))
    let retried = queue.retryFailed(id)
    #expect(!retried, "a removed operation cannot be retried")
    #expect(queue.invariantViolations().isEmpty)
  }

  @Test("in flight, ended or unknown: refused, and nothing moves")
  func refuses() {
    var queue = SyncQueue(capacity: 10)
    let old = queue.enqueue(op(.update, "a", at: 1))
    let newer = queue.enqueue(op(.update, "a", at: 2))
    let flying = startNext(&queue)
    #expect(flying == newer)
    let books = queue.accounting()
    let inFlight = queue.remove(newer, reason: "r")
    #expect(!inFlight, "in flight: its answer is on its way")
    #expect(queue.state(of: newer) == .inFlight)
    let superseded = queue.remove(old, reason: "r")
    #expect(!superseded, "superseded")
    let unknown = queue.remove(OperationID(99), reason: "r")
    #expect(!unknown, "never handed out")
    #expect(queue.accounting() == books)
    queue.complete(newer, with: .success(()), now: t0)
    let succeeded = queue.remove(newer, reason: "r")
    #expect(!succeeded, "succeeded")
    #expect(queue.state(of: newer) == .succeeded)
  }

  @Test(
    "a queue restored with two pending operations of one entity de-duplicates against the older once the newer is removed"
  )
  func restoredSiblings() {
    var before = SyncQueue(capacity: 10)
    let older = before.enqueue(op(.update, "a", at: 1))
    _ = startNext(&before)
    let newer = before.enqueue(op(.update, "a", at: 2))
    // The app stopped with the older in flight: the next launch restores both, pending.
    var removing = SyncQueue(restoring: before.snapshot(), capacity: 10)
    #expect(removing.pending.map(\.id) == [older, newer])

    let removed = removing.remove(newer, reason: "r")
    let third = removing.enqueue(op(.update, "a", at: 3))
    #expect(removed && removing.pending.map(\.id) == [third])
    #expect(removing.state(of: older) == .superseded(by: third))
    #expect(removing.invariantViolations().isEmpty)
  }

  @Test("QueueBooks: each move is counted once, and the recount agrees")
  func books() {
    var books = QueueBooks()
    books.record(OperationID(1), .pending)
    books.record(OperationID(2), .pending)
    books.record(OperationID(1), .inFlight)
    books.record(OperationID(1), .succeeded)
    books.record(OperationID(2), .removed(reason: "r"))
    books.record(OperationID(70), .failed(.permissionDenied(path: "p")))
    var expected = QueueAccounting()
    expected.enqueued = 3
    expected.succeeded = 1
    expected.removed = 1
    expected.failed = 1
    #expect(books.accounting == expected && books.accounting.balances)
    #expect(books.recount() == expected)
    #expect(books[OperationID(2)] == .removed(reason: "r") && books[OperationID(3)] == nil)
  }
}
