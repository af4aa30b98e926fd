import CountMeContract
import CountMeCore
@testable import CountMeWorlds
import Foundation
import Testing

@Suite("The simulator asks its queue by user through the protocol's default")
struct DefaultUserNextQueueTests {
  private let start = Date(timeIntervalSince1970: 1_700_000_000)

  /// A queue holding one operation made by user "a".
  private func queueWithOperationOfA() -> SyncQueue {
    var queue = SyncQueue()
    _ = queue.enqueue(
      SyncOperation(.create, entityId: "e1", entityType: .foodItem, timestamp: start, owner: "a"))
    return queue
  }

  @Test("a user given means signed in, whatever the queue's own per-user answer")
  func userMeansSignedIn() {
    // SyncQueue keeps users apart: asked for user "b", it leaves "a"'s operation alone.
    var own = queueWithOperationOfA()
    #expect(own.next(now: start, online: true, user: "b") == .idle)
    // Through the default, any user given is simply "signed in", so the operation goes.
    var asked = DefaultUserNextQueue(queueWithOperationOfA())
    guard case .upload(_, let operation) = asked.next(now: start, online: true, user: "b") else {
      Issue.record("the default did not upload for a signed-in user")
      return
    }
    #expect(operation.entityId == "e1")
    #expect(asked.inFlight?.operation.entityId == "e1", "the base queue is the one asked")
  }

  @Test("no user means signed out: the queue pauses and nothing moves")
  func noUserPauses() {
    var asked = DefaultUserNextQueue(queueWithOperationOfA())
    let before = asked.accounting()
    #expect(asked.next(now: start, online: true, user: nil) == .paused)
    #expect(asked.accounting() == before)
  }
}
