import Foundation
import Testing

@testable import CountMeCore

/// Queue files whose checksum is valid but whose numbers leave no room for what comes next: found by
/// fuzzing the command, they loaded and then trapped on the next enqueue or failure.
@Suite("Queue files are bounded where later arithmetic adds to them")
struct QueueFileBoundsTests {
  static let operation = SyncOperation(
    .create, entityId: "e1", entityType: .foodItem, timestamp: Date(timeIntervalSince1970: 1_767_225_600))

  @Test("a nextID with no room for new ids is a corrupted file, not a later trap")
  func nextID() {
    let snapshot = QueueSnapshot(nextID: .max, pending: [], failed: [])
    #expect(throws: QueueFileError.corrupted(reason: "nextID \(UInt64.max) leaves no room for new ids")) {
      try QueueSnapshot.decode(snapshot.encoded())
    }
  }

  @Test(
    "attempts below 0 or beyond any policy are a corrupted file, pending or failed",
    arguments: [-1, Int.max, QueueSnapshot.maxAttempts + 1])
  func attempts(count: Int) {
    let pending = QueuedOperation(
      id: OperationID(1), operation: Self.operation, attempts: count, notBefore: nil, lastError: nil)
    let failed = FailedOperation(
      id: OperationID(2), operation: Self.operation, attempts: count, error: .deadlineExceeded)
    for snapshot in [
      QueueSnapshot(nextID: 3, pending: [pending], failed: []),
      QueueSnapshot(nextID: 3, pending: [], failed: [failed]),
    ] {
      #expect(throws: QueueFileError.self) { try QueueSnapshot.decode(snapshot.encoded()) }
    }
  }

  @Test("at the bounds a file loads, and the queue it makes writes a file the next launch loads")
  func atTheBounds() throws {
    let pending = QueuedOperation(
      id: OperationID(7), operation: Self.operation, attempts: QueueSnapshot.maxAttempts, notBefore: nil,
      lastError: nil)
    let snapshot = try QueueSnapshot.decode(
      QueueSnapshot(nextID: QueueSnapshot.maxNextID, pending: [pending], failed: []).encoded())
    #expect(snapshot.nextID == 2 && snapshot.pending.map(\.id) == [OperationID(1)], "renumbered from 1")
    var queue = SyncQueue(
      restoring: snapshot, capacity: 10, policy: RetryPolicy(initialDelay: 1, maxDelay: 4, maxRetries: 2))
    let id = queue.enqueue(
      SyncOperation(.update, entityId: "e2", entityType: .foodItem, timestamp: Self.operation.timestamp))
    #expect(id == OperationID(2))
    guard case .upload(let first, _) = queue.next(now: Self.operation.timestamp, online: true, signedIn: true)
    else {
      Issue.record("nothing to upload")
      return
    }
    queue.complete(first, with: .failure(.deadlineExceeded), now: Self.operation.timestamp)
    #expect(queue.invariantViolations() == [])
    let attempts = queue.failed.first { $0.id == first }?.attempts
    #expect(attempts == QueueSnapshot.maxAttempts, "attempts saturate at the bound, so the file still loads")
    #expect(throws: Never.self) { try QueueSnapshot.decode(queue.snapshot().encoded()) }
  }

  @Test("a file is renumbered only above half the limit, keeping the order of its ids, pending and failed")
  func renumbering() throws {
    func operation(_ id: UInt64) -> QueuedOperation {
      QueuedOperation(
        id: OperationID(id), operation: Self.operation, attempts: 0, notBefore: nil, lastError: nil)
    }
    let failed = FailedOperation(
      id: OperationID(40), operation: Self.operation, attempts: 1, error: .deadlineExceeded)
    let limit = QueueSnapshot.renumberedAbove
    let kept = try QueueSnapshot.decode(
      QueueSnapshot(nextID: limit, pending: [operation(90), operation(9)], failed: [failed]).encoded())
    #expect(kept.nextID == limit && kept.pending.map(\.id.rawValue) == [90, 9] && kept.failed == [failed])
    let renumbered = try QueueSnapshot.decode(
      QueueSnapshot(nextID: limit + 1, pending: [operation(90), operation(9)], failed: [failed]).encoded())
    #expect(renumbered.nextID == 4 && renumbered.pending.map(\.id.rawValue) == [3, 1])
    #expect(renumbered.failed.map(\.id.rawValue) == [2] && renumbered.failed.first?.attempts == 1)
  }
}
