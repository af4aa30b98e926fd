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

  @Test("at the bounds a file loads, and the queue it makes goes on working")
  func atTheBounds() throws {
    let pending = QueuedOperation(
      id: OperationID(1), operation: Self.operation, attempts: QueueSnapshot.maxAttempts, notBefore: nil,
      lastError: nil)
    let snapshot = try QueueSnapshot.decode(
      QueueSnapshot(nextID: QueueSnapshot.maxNextID, pending: [pending], failed: []).encoded())
    var queue = SyncQueue(
      restoring: snapshot, capacity: 10, policy: RetryPolicy(initialDelay: 1, maxDelay: 4, maxRetries: 2))
    let id = queue.enqueue(
      SyncOperation(.update, entityId: "e2", entityType: .foodItem, timestamp: Self.operation.timestamp))
    #expect(id == OperationID(QueueSnapshot.maxNextID))
    guard case .upload(let first, _) = queue.next(now: Self.operation.timestamp, online: true, signedIn: true)
    else {
      Issue.record("nothing to upload")
      return
    }
    queue.complete(first, with: .failure(.deadlineExceeded), now: Self.operation.timestamp)
    #expect(queue.invariantViolations() == [])
    let attempts = queue.failed.first { $0.id == first }?.attempts
    #expect(attempts == QueueSnapshot.maxAttempts, "attempts saturate at the bound, so the file still loads")
    let failedOnly = QueueSnapshot(nextID: 3, pending: [], failed: queue.failed)
    #expect(throws: Never.self) { try QueueSnapshot.decode(failedOnly.encoded()) }
  }
}
