import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import Testing

@testable import CountMeProperties
@testable import CountMeWorlds

/// The sync properties are pure functions of a recorded trace: these hand-written traces show each
/// judge finding exactly the fact it exists for, with no simulator involved.
@Suite("Sync judges read only the trace")
struct TraceJudgeTests {
  static let input = SimulationInput(
    scenario: SyncScenario(steps: [.process, .process, .process]), faults: FaultPlan([]), capacity: 3,
    policy: RetryPolicy(initialDelay: 1, maxDelay: 8, maxRetries: 2))

  static func trace(_ events: [SyncTrace.What]) -> SyncTrace {
    var trace = SyncTrace(input: input, uid: "uid-sim")
    trace.events = events.enumerated().map { SyncTrace.Event(step: $0.offset, calls: 0, what: $0.element) }
    return trace
  }

  static func books(count: Int, pending: Int, enqueued: Int, violations: [String] = []) -> SyncTrace.What {
    var books = QueueAccounting()
    books.enqueued = enqueued
    books.pending = pending
    return .books(count: count, accounting: books, enqueued: enqueued, violations: violations)
  }

  @Test("P13 finds a queue above its capacity, at the step it happened")
  func capacity() throws {
    let trace = Self.trace([
      Self.books(count: 2, pending: 2, enqueued: 2), Self.books(count: 4, pending: 4, enqueued: 4),
    ])
    let problem = try #require(Hardening.judgeQueueSizeInvariant(trace))
    #expect(problem.step == 1 && problem.message == "queue size 4 exceeds capacity 3")
    #expect(trace.describe(problem) == "at step 2 (process): queue size 4 exceeds capacity 3")
    #expect(Hardening.judgeQueueAccounting(trace) == nil, "the books balance, so P15 has nothing to say")
  }

  @Test("P15 finds unbalanced books and what the queue's own audit reports")
  func accounting() throws {
    let unbalanced = Self.trace([Self.books(count: 1, pending: 0, enqueued: 1)])
    #expect(Hardening.judgeQueueAccounting(unbalanced)?.message.hasPrefix("the books do not balance") == true)
    let audited = Self.trace([
      Self.books(count: 1, pending: 1, enqueued: 1, violations: ["pending out of order"])
    ])
    #expect(Hardening.judgeQueueAccounting(audited)?.message == "the queue's own check: pending out of order")
    #expect(Hardening.judgeQueueSizeInvariant(audited) == nil)
  }

  @Test("P17 finds an upload while offline, and nothing while online")
  func offline() throws {
    let operation = SyncOperation(
      .create, entityId: "e1", entityType: .foodItem, timestamp: Gen.referenceDate)
    let upload = QueueAction.upload(OperationID(1), operation)
    let offline = Self.trace([.asked(online: false, signedIn: true, action: upload, booksChanged: false)])
    #expect(
      Hardening.judgeOfflinePauses(offline)?.message.hasPrefix(
        "offline or signed out, the queue answered upload")
        == true)
    let online = Self.trace([.asked(online: true, signedIn: true, action: upload, booksChanged: false)])
    #expect(Hardening.judgeOfflinePauses(online) == nil)
  }

  @Test("P18 finds a wait for anything but the earliest retry, and none after the last attempt")
  func waits() throws {
    let now = Gen.referenceDate
    func judged(until: Double, earliest: Double?, due: Bool = false) -> String? {
      Hardening.judgeBoundedRetries(
        Self.trace([
          .waitAsked(
            now: now, until: now + until, earliestRetry: earliest.map { now + $0 }, oneDue: due)
        ]))?.message
    }
    #expect(judged(until: 1, earliest: 1) == nil)
    #expect(judged(until: 2, earliest: 1) == "next() said to wait 2.0 s; the earliest retry is due in 1.0 s")
    #expect(judged(until: 4, earliest: nil) == "next() said to wait 4.0 s with no retry scheduled")
    #expect(
      judged(until: 1, earliest: 1, due: true) == "next() said to wait 1.0 s while an operation was due")
  }

  @Test("P13 finds a drop below capacity, and one where an update only supersedes")
  func dropBelowCapacity() throws {
    let operation = SyncOperation(
      .create, entityId: "e1", entityType: .foodItem, timestamp: Gen.referenceDate)
    func enqueued(countBefore: Int, pendingBefore: Int, newState: OperationState = .pending) -> SyncTrace {
      Self.trace([
        .enqueued(
          SyncTrace.Enqueued(
            id: OperationID(5), operation: operation, countBefore: countBefore, pendingBefore: pendingBefore,
            pendingAfter: 1, droppedBefore: 0, droppedAfter: 1, oldest: nil, reportedOldest: nil,
            stateOfNew: newState, stateOfOldest: nil))
      ])
    }
    #expect(
      Hardening.judgeQueueSizeInvariant(enqueued(countBefore: 2, pendingBefore: 0))?.message
        == "1 operation(s) dropped enqueueing #5 at size 2 of capacity 3, with room")
    #expect(
      Hardening.judgeQueueSizeInvariant(enqueued(countBefore: 3, pendingBefore: 1))?.message.hasSuffix(
        "to supersede") == true
    )
    // At capacity with nothing pending (its size is the upload in flight), the new one goes.
    #expect(
      Hardening.judgeQueueSizeInvariant(
        enqueued(countBefore: 3, pendingBefore: 0, newState: .dropped(reason: "full"))) == nil
    )
    #expect(
      Hardening.judgeQueueSizeInvariant(enqueued(countBefore: 3, pendingBefore: 0))?.message
        == "at capacity 3 with nothing pending, an operation was dropped but not #5, the new one")
  }

  @Test("P13 finds the wrong operation dropped at capacity, and oldestPending naming another")
  func oldestAtCapacity() throws {
    let older = (
      id: OperationID(2),
      operation: SyncOperation(.update, entityId: "e2", entityType: .foodItem, timestamp: Gen.referenceDate)
    )
    let newer = SyncOperation(
      .create, entityId: "e1", entityType: .foodItem, timestamp: Gen.referenceDate.addingTimeInterval(1))
    func enqueued(reported: OperationID?, newState: OperationState, oldState: OperationState) -> SyncTrace {
      Self.trace([
        .enqueued(
          SyncTrace.Enqueued(
            id: OperationID(5), operation: newer, countBefore: 3, pendingBefore: 0, pendingAfter: 1,
            droppedBefore: 0, droppedAfter: 1, oldest: older, reportedOldest: reported, stateOfNew: newState,
            stateOfOldest: oldState))
      ])
    }
    let dropped = OperationState.dropped(reason: "full")
    #expect(
      Hardening.judgeQueueSizeInvariant(
        enqueued(reported: OperationID(2), newState: .pending, oldState: dropped)) == nil)
    #expect(
      Hardening.judgeQueueSizeInvariant(
        enqueued(reported: OperationID(2), newState: dropped, oldState: .pending))?.message
        == "at capacity 3, an operation was dropped but not #2, the oldest")
    #expect(
      Hardening.judgeQueueSizeInvariant(enqueued(reported: nil, newState: .pending, oldState: dropped))?
        .message
        == "at capacity 3, oldestPending named none, but the oldest pending operation is #2")
  }

  @Test("P18 finds an attempt past maxRetries + 1")
  func retries() throws {
    let trace = Self.trace([
      .uploadStarted(OperationID(1), attempts: 2), .uploadStarted(OperationID(1), attempts: 3),
    ])
    let problem = try #require(Hardening.judgeBoundedRetries(trace))
    #expect(
      problem.step == 1 && problem.message == "#1 attempted again after 3 attempts; maxRetries 2 allows 3")
  }

  @Test(
    "P18's oracle is the specification's, written out: backoff doubles to its cap; only transient errors retry"
  )
  func retryOracle() throws {
    let policy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 9)
    #expect(
      (0..<9).map { QueueSpecification.delay(policy, beforeRetry: $0) } == [1, 2, 4, 8, 16, 32, 60, 60, 60])
    #expect(
      QueueSpecification.isTransient(.deadlineExceeded) && QueueSpecification.isTransient(.networkUnavailable)
    )
    #expect(
      !QueueSpecification.isTransient(.permissionDenied(path: "p"))
        && !QueueSpecification.isTransient(.invalidData(reason: "x")))
    // A permanent error the queue schedules for a retry instead of failing it.
    let operation = SyncOperation(
      .update, entityId: "e1", entityType: .foodItem, timestamp: Gen.referenceDate)
    let retried = SyncTrace.Completed(
      id: OperationID(1), operation: operation, result: .failure(.permissionDenied(path: "p")), attempts: 1,
      others: [], succeededDelta: 0, droppedDelta: 0, state: .pending,
      queued: QueuedOperation(
        id: OperationID(1), operation: operation, attempts: 1, notBefore: nil, lastError: nil),
      failedEntry: nil, now: Gen.referenceDate)
    let problem = try #require(Hardening.judgeBoundedRetries(Self.trace([.completed(retried)])))
    #expect(problem.message.hasSuffix("but is pending, not failed with that error"), "\(problem.message)")
  }

  @Test("P21 finds a queue at the file's limits that writes a file the next launch refuses, and only that")
  func usedAtLimit() throws {
    let snapshot = QueueSnapshot(nextID: 1, pending: [], failed: [])
    func persisted(_ refusedAfterUse: String?) -> SyncTrace {
      Self.trace([
        .persisted(
          corruption: .edit(.attemptsAtLimit), original: snapshot, restored: snapshot, corrupted: nil,
          restoredCount: 0, formatProblem: nil, rewritten: nil, refusedAfterUse: refusedAfterUse)
      ])
    }
    let problem = try #require(Hardening.judgePersistenceRoundTrip(persisted("too many attempts")))
    #expect(
      problem.message.hasSuffix("was used and wrote a file the next launch refused: too many attempts"),
      "\(problem.message)")
    #expect(Hardening.judgePersistenceRoundTrip(persisted(nil)) == nil)
  }

  @Test("the reference's trace of a real scenario satisfies every judge")
  func referenceTrace() throws {
    let input = try Gen.simulation(options: SyncOptions()).generate(seed: 7).value.value
    let trace = SyncSimulator.run(input, system: .reference)
    for property in Catalog.properties(of: .queue) {
      let judge = try #require(property.judge, "\(property.id) has no judge")
      #expect(judge(trace) == nil, "\(property.id)")
    }
  }
}
