import Foundation
import Testing

@testable import CountMeCore

/// Operations at whole seconds after 2026-01-01, so order is easy to read.
func op(_ kind: SyncOperation.Kind, _ entity: String, at second: Double, _ type: EntityType = .foodItem)
  -> SyncOperation
{
  SyncOperation(
    kind, entityId: entity, entityType: type, timestamp: Date(timeIntervalSince1970: 1_767_225_600 + second))
}

let t0 = Date(timeIntervalSince1970: 1_767_225_600)

/// Starts the next upload and returns its id, or records an issue.
func startNext(_ queue: inout SyncQueue, at now: Date = t0, sourceLocation: SourceLocation = #_sourceLocation)
  -> OperationID?
{
  guard case .upload(let id, _) = queue.next(now: now, online: true, signedIn: true) else {
    Issue.record("expected an upload", sourceLocation: sourceLocation)
    return nil
  }
  return id
}

@Suite("The sync queue state machine")
struct SyncQueueTests {
  @Test(
    "7.3 below capacity an operation is added; 7.2 at capacity the oldest by timestamp is dropped, with a reason"
  )
  func capacity() {
    var queue = SyncQueue(capacity: 3)
    let ids = [op(.create, "b", at: 2), op(.create, "a", at: 1), op(.create, "c", at: 3)].map {
      queue.enqueue($0)
    }
    #expect(queue.count == 3)
    let newest = queue.enqueue(op(.create, "d", at: 4))
    #expect(queue.count == 3)
    guard case .dropped(let reason)? = queue.state(of: ids[1]) else {
      Issue.record("the oldest (a, at 1 s) should be dropped")
      return
    }
    #expect(reason.contains("capacity 3"))
    #expect(
      queue.pending.map(\.operation.entityId) == ["b", "c", "d"] && queue.state(of: newest) == .pending)
    let older = queue.enqueue(op(.create, "z", at: 0))
    #expect(
      queue.state(of: older) == .dropped(reason: "queue at capacity 3 and this was the oldest operation"))
    #expect(queue.invariantViolations() == [] && queue.accounting().dropped == 2)
  }

  @Test("a newer operation supersedes the pending one of its entity; an older one never replaces a delete")
  func deduplication() {
    var queue = SyncQueue()
    let create = queue.enqueue(op(.create, "a", at: 1))
    let delete = queue.enqueue(op(.delete, "a", at: 5))
    #expect(queue.state(of: create) == .superseded(by: delete))
    let lateUpdate = queue.enqueue(op(.update, "a", at: 3))
    #expect(queue.state(of: lateUpdate) == .superseded(by: delete))
    #expect(queue.pending.map(\.operation.kind) == [.delete])
    let otherType = queue.enqueue(op(.update, "a", at: 2, .dailyLog))
    #expect(queue.state(of: otherType) == .pending && queue.count == 2)
    #expect(queue.invariantViolations() == [])
  }

  @Test("success removes exactly the completed operation, never a newer one that arrived in flight")
  func noLostUpdate() throws {
    var queue = SyncQueue()
    let first = queue.enqueue(op(.update, "a", at: 1))
    #expect(try #require(startNext(&queue)) == first)
    let newer = queue.enqueue(op(.update, "a", at: 2))
    let delete = queue.enqueue(op(.delete, "a", at: 3))
    #expect(queue.state(of: newer) == .superseded(by: delete))
    queue.complete(first, with: .success(()), now: t0)
    #expect(queue.state(of: first) == .succeeded && queue.state(of: delete) == .pending)
    #expect(queue.pending.map(\.id) == [delete])
  }

  @Test("an operation older than the one in flight is superseded by it")
  func olderThanInFlight() throws {
    var queue = SyncQueue()
    let newer = queue.enqueue(op(.update, "a", at: 5))
    _ = startNext(&queue)
    let older = queue.enqueue(op(.update, "a", at: 1))
    #expect(queue.state(of: older) == .superseded(by: newer))
  }

  @Test(
    "a transient failure retries after min(initial × 2ⁿ, max); maxRetries + 1 attempts at most; the last real error kept"
  )
  func backoff() throws {
    let policy = RetryPolicy(initialDelay: 1, maxDelay: 5, maxRetries: 4)
    var queue = SyncQueue(policy: policy)
    let id = queue.enqueue(op(.create, "a", at: 0))
    var now = t0
    var delays: [Double] = []
    for attempt in 1...5 {
      #expect(try #require(startNext(&queue, at: now)) == id)
      let error: SyncError = attempt == 5 ? .deadlineExceeded : .cloudUnavailable
      queue.complete(id, with: .failure(error), now: now)
      guard let retry = queue.pending.first?.notBefore else { break }
      delays.append(retry.timeIntervalSince(now))
      #expect(queue.next(now: now, online: true, signedIn: true) == .wait(until: retry))
      now = retry
    }
    #expect(delays == [1, 2, 4, 5])
    #expect(
      queue.failed == [
        FailedOperation(id: id, operation: op(.create, "a", at: 0), attempts: 5, error: .deadlineExceeded)
      ])
    #expect(queue.state(of: id) == .failed(.deadlineExceeded))
  }

  @Test(
    "the delay formula caps, and never overflows",
    arguments: [(0, 1.0), (1, 2), (5, 32), (6, 60), (1_000, 60)])
  func delays(retry: Int, seconds: Double) {
    #expect(RetryPolicy().delay(beforeRetry: retry) == seconds)
  }

  @Test(
    "a permanent failure goes straight to the failed list; processing continues past it; the user can retry it"
  )
  func permanent() throws {
    var queue = SyncQueue()
    let bad = queue.enqueue(op(.create, "a", at: 1))
    let good = queue.enqueue(op(.create, "b", at: 2))
    _ = startNext(&queue)
    queue.complete(bad, with: .failure(.permissionDenied(path: "p")), now: t0)
    #expect(queue.state(of: bad) == .failed(.permissionDenied(path: "p")))
    #expect(try #require(startNext(&queue)) == good)
    queue.complete(good, with: .success(()), now: t0)
    let retried = queue.retryFailed(bad)
    #expect(retried && queue.state(of: bad) == .pending && queue.failed.isEmpty)
    let again = queue.retryFailed(bad)
    #expect(!again)
  }

  @Test(
    "a failed operation is superseded once a newer one of its entity is admitted or lands: no retry writes older data"
  )
  func overtakenFailure() throws {
    var queue = SyncQueue(policy: RetryPolicy(initialDelay: 1, maxDelay: 1, maxRetries: 0))
    let old = queue.enqueue(op(.update, "a", at: 1))
    _ = startNext(&queue)
    let newer = queue.enqueue(op(.update, "a", at: 2))
    queue.complete(old, with: .failure(.permissionDenied(path: "p")), now: t0)
    #expect(queue.state(of: old) == .failed(.permissionDenied(path: "p")), "the newer one is only pending")
    #expect(try #require(startNext(&queue)) == newer)
    queue.complete(newer, with: .success(()), now: t0)
    #expect(queue.state(of: old) == .superseded(by: newer) && queue.failed.isEmpty)
    let retried = queue.retryFailed(old)
    #expect(!retried, "nothing left to retry")
    let failing = queue.enqueue(op(.update, "b", at: 3))
    _ = startNext(&queue)
    queue.complete(failing, with: .failure(.permissionDenied(path: "p")), now: t0)
    let replacement = queue.enqueue(op(.delete, "b", at: 4))
    #expect(queue.state(of: failing) == .superseded(by: replacement), "admitting a newer one supersedes it")
    #expect(queue.invariantViolations().isEmpty)
  }

  @Test("offline or signed out pauses: no attempt, nothing spent, nothing removed")
  func pause() {
    var queue = SyncQueue()
    let id = queue.enqueue(op(.create, "a", at: 1))
    #expect(queue.next(now: t0, online: false, signedIn: true) == .paused)
    #expect(queue.next(now: t0, online: true, signedIn: false) == .paused)
    #expect(queue.state(of: id) == .pending && queue.pending.first?.attempts == 0)
  }

  @Test("each user's operations go only while that user is signed in; nobody's go with anyone")
  func owners() {
    func owned(_ entity: String, at second: Double, by owner: String?) -> SyncOperation {
      SyncOperation(
        .update, entityId: entity, entityType: .foodItem, timestamp: t0.addingTimeInterval(second),
        owner: owner)
    }
    var queue = SyncQueue()
    let alice = queue.enqueue(owned("e1", at: 1, by: "alice"))
    let bob = queue.enqueue(owned("e1", at: 2, by: "bob"))
    let nobody = queue.enqueue(owned("e2", at: 3, by: nil))
    #expect(queue.state(of: alice) == .pending && queue.count == 3, "one entity id, two users: two documents")
    #expect(queue.next(now: t0, online: true, user: nil) == .paused)
    guard case .upload(let first, _) = queue.next(now: t0, online: true, user: "bob") else {
      Issue.record("bob's operation should go")
      return
    }
    #expect(first == bob)
    queue.complete(bob, with: .failure(.cloudUnavailable), now: t0)
    guard case .upload(let second, _) = queue.next(now: t0, online: true, user: "bob") else {
      Issue.record("nobody's operation should go with bob")
      return
    }
    #expect(second == nobody)
    queue.complete(nobody, with: .success(()), now: t0)
    #expect(
      queue.next(now: t0, online: true, user: "bob") == .wait(until: t0.addingTimeInterval(1)),
      "bob waits for his own retry, not for alice's operation")
    #expect(queue.state(of: alice) == .pending && queue.pending.first { $0.id == alice }?.attempts == 0)
    guard case .upload(let third, _) = queue.next(now: t0, online: true, user: "alice") else {
      Issue.record("alice's operation should go when she signs in")
      return
    }
    #expect(third == alice)
  }

  @Test("one operation waiting out its backoff does not block the others")
  func independentRetries() throws {
    var queue = SyncQueue()
    let slow = queue.enqueue(op(.create, "a", at: 1))
    let other = queue.enqueue(op(.create, "b", at: 2))
    _ = startNext(&queue)
    queue.complete(slow, with: .failure(.cloudUnavailable), now: t0)
    #expect(try #require(startNext(&queue)) == other)
  }

  @Test(
    "a snapshot restores the same pending and failed operations; above capacity the oldest are trimmed, recorded"
  )
  func snapshots() throws {
    var queue = SyncQueue(capacity: 5)
    for second in 0..<5 { _ = queue.enqueue(op(.create, "e\(second)", at: Double(second))) }
    let failing = try #require(startNext(&queue))
    queue.complete(failing, with: .failure(.invalidArgument(reason: "x")), now: t0)
    let flying = try #require(startNext(&queue))
    let snapshot = try QueueSnapshot.decode(queue.snapshot().encoded())
    #expect(snapshot == queue.snapshot())
    let restored = SyncQueue(restoring: snapshot, capacity: 5)
    #expect(
      restored.pending.map(\.id) == queue.snapshot().pending.map(\.id)
        && restored.pending.contains { $0.id == flying })
    #expect(restored.failed == queue.failed && restored.invariantViolations() == [])
    let trimmed = SyncQueue(restoring: snapshot, capacity: 2)
    #expect(trimmed.count == 2 && trimmed.accounting().dropped == 2)
    #expect(trimmed.pending.map(\.operation.entityId) == ["e3", "e4"])
    var next = restored
    let newID = next.enqueue(op(.create, "new", at: 9))
    #expect(newID.rawValue == snapshot.nextID)
  }

  @Test("a truncated or changed file is detected by its checksum", arguments: [0, 10, 40, 200])
  func corruption(offset: Int) throws {
    var queue = SyncQueue()
    for second in 0..<3 { _ = queue.enqueue(op(.update, "e\(second)", at: Double(second))) }
    let data = queue.snapshot().encoded()
    var flipped = [UInt8](data)
    flipped[min(offset, flipped.count - 1)] ^= 0x01
    #expect(throws: QueueFileError.self) { try QueueSnapshot.decode(Data(flipped)) }
    #expect(throws: QueueFileError.self) { try QueueSnapshot.decode(data.prefix(offset)) }
  }

  @Test("a corrupted queue file is moved aside, not deleted, and the queue starts empty")
  func quarantine() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "queue-\(UInt64.random(in: 0 ... .max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = QueueFile(path: directory.appendingPathComponent("queue.json").path)
    #expect(file.load() == .empty)
    var queue = SyncQueue()
    _ = queue.enqueue(op(.create, "a", at: 1))
    try file.save(queue.snapshot())
    #expect(file.load() == .loaded(queue.snapshot()))
    try Data("countme-sync-queue v1 fnv1a64=0\n{\"trunc".utf8).write(to: URL(fileURLWithPath: file.path))
    guard case .quarantined(let aside, let reason) = file.load() else {
      Issue.record("a corrupted file must be quarantined")
      return
    }
    #expect(aside == file.path + ".corrupt-1" && reason.contains("checksum"))
    #expect(
      FileManager.default.fileExists(atPath: aside) && !FileManager.default.fileExists(atPath: file.path))
    #expect(file.load() == .empty)
  }
}
