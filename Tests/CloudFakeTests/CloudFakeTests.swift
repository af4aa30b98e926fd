import CountMeCore
import Foundation
import Testing

@testable import CloudFake

let start = Date(timeIntervalSince1970: 1_767_225_600)

extension CloudFake.Response {
  /// The error the call reported, or nil for success.
  var error: SyncError? {
    if case .failure(let error) = result { return error }
    return nil
  }
}
let path = DocumentPath(uid: "alice", collection: "foodItems", documentId: "e1")
let aliceDocument = CloudDocument(["userId": "alice", "entityId": "e1", "version": 1])

@Suite("CloudFake")
struct CloudFakeTests {
  @Test("owner-only rules: another user's path, or a document owned by someone else, is permission denied")
  func rules() {
    var cloud = CloudFake(start: start)
    #expect(
      cloud.set(aliceDocument, at: path, as: "bob", now: start).error
        == .some(.permissionDenied(path: path.description)))
    let forged = CloudDocument(["userId": "bob"])
    #expect(
      cloud.set(forged, at: path, as: "alice", now: start).error
        == .some(.permissionDenied(path: path.description)))
    #expect(
      cloud.delete(at: path, as: "bob", now: start).error == .some(.permissionDenied(path: path.description)))
    #expect(cloud.set(aliceDocument, at: path, as: "alice", now: start).error == nil)
    #expect(cloud.document(at: path)?.fields["version"] as? Int == 1 && cloud.documents.count == 1)
  }

  @Test("the fault plan is consumed call by call; a lost acknowledgement lands but reports a timeout")
  func faults() {
    var cloud = CloudFake(
      plan: FaultPlan([.unavailable, .lostAcknowledgement, .slow, .permissionDenied]), start: start)
    let refused = cloud.set(aliceDocument, at: path, as: "alice", now: start)
    #expect(refused.error == .some(.cloudUnavailable) && !refused.landed)
    #expect(cloud.document(at: path) == nil)
    let unacknowledged = cloud.set(aliceDocument, at: path, as: "alice", now: start)
    #expect(unacknowledged.error == .some(.deadlineExceeded) && unacknowledged.landed)
    #expect(cloud.document(at: path) != nil)
    let slow = cloud.set(aliceDocument, at: path, as: "alice", now: start)
    #expect(slow.error == nil && slow.latency == 30 && slow.landed)
    #expect(
      cloud.delete(at: path, as: "alice", now: start).error
        == .some(.permissionDenied(path: "(injected) " + Fault.awkwardText)))
    #expect(cloud.set(aliceDocument, at: path, as: "alice", now: start).error == nil)
    #expect(
      cloud.trace.map(\.outcome) == [
        "unavailable", "landed, acknowledgement lost", "slow", "permissionDenied", "ok",
      ])
    #expect(cloud.writes.count == 3)
  }

  @Test("the changes landed count every write and deletion that reached the documents, and nothing else")
  func changesLanded() {
    var cloud = CloudFake(plan: FaultPlan([.unavailable, .lostAcknowledgement]), start: start)
    var counts = [cloud.changesLanded]
    func note(_ call: (inout CloudFake) -> Void) {
      call(&cloud)
      counts.append(cloud.changesLanded)
    }
    note { _ = $0.set(aliceDocument, at: path, as: "alice", now: start) }  // unavailable
    note { _ = $0.set(aliceDocument, at: path, as: "alice", now: start) }  // lands, unacknowledged
    note { _ = $0.set(aliceDocument, at: path, as: "bob", now: start) }  // refused by the rules
    note { _ = $0.changes(in: "foodItems", as: "alice", after: 0, now: start) }
    note { _ = $0.document(at: path) }
    note { _ = $0.delete(at: path, as: "alice", now: start) }
    note { $0.writeAsAnotherClient(aliceDocument, at: path, now: start) }
    note { $0.online = false }
    note { _ = $0.set(aliceDocument, at: path, as: "alice", now: start) }  // offline
    #expect(counts == [0, 0, 1, 1, 1, 1, 2, 3, 3, 3])
  }

  @Test("offline, every call fails with networkUnavailable and nothing lands; faults can be switched off")
  func offline() {
    var cloud = CloudFake(plan: FaultPlan([.unavailable]), start: start)
    cloud.online = false
    let offline = cloud.set(aliceDocument, at: path, as: "alice", now: start)
    #expect(offline.error == .some(.networkUnavailable) && !offline.landed)
    #expect(cloud.documents.isEmpty && cloud.trace.last?.outcome == "offline")
    cloud.online = true
    cloud.faultsEnabled = false
    #expect(cloud.set(aliceDocument, at: path, as: "alice", now: start.addingTimeInterval(5)).error == nil)
    #expect(cloud.trace.last?.description == "t=5.0s set users/alice/foodItems/e1: ok")
  }
}

@Suite("SyncEngine against CloudFake on a virtual clock")
struct SyncEngineTests {
  /// An engine over a new `SyncQueue` with `policy`, against a `CloudFake` with `faults`, on a virtual
  /// clock from `start`; its uploads read `documentFor`.
  static func setUp(
    policy: RetryPolicy = RetryPolicy(), faults: FaultPlan = FaultPlan(), file: QueueFile? = nil,
    documentFor: @escaping @Sendable (SyncOperation) async throws -> CloudDocument?
  ) -> (engine: SyncEngine<SyncQueue>, cloud: CloudFakeStore, clock: VirtualClock) {
    let clock = VirtualClock(start: start)
    let cloud = CloudFakeStore(fake: CloudFake(plan: faults, start: start), clock: clock)
    let engine = SyncEngine(
      queue: SyncQueue(policy: policy), restore: { SyncQueue(restoring: $0) }, cloud: cloud, clock: clock,
      file: file, documentFor: documentFor)
    return (engine, cloud, clock)
  }

  @Test("drives the queue through faults with backoff in virtual time, without sleeping")
  func drivesQueue() async throws {
    let (engine, cloud, clock) = Self.setUp(
      policy: RetryPolicy(initialDelay: 10, maxDelay: 60, maxRetries: 6),
      faults: FaultPlan([.unavailable, .unavailable, .lostAcknowledgement])
    ) { operation in CloudDocument(["userId": "alice", "entityId": operation.entityId, "version": 1]) }
    await engine.setUser("alice")
    let id = await engine.enqueue(
      SyncOperation(.create, entityId: "e1", entityType: .foodItem, timestamp: start))
    let wall = ContinuousClock.now
    await engine.processQueue()
    #expect(ContinuousClock.now - wall < .seconds(5), "the engine must not really sleep")
    let state = await engine.queue.state(of: id)
    #expect(state == .succeeded)
    #expect(
      clock.current == start.addingTimeInterval(10 + 20 + 40),
      "three attempts failed, then backoff 10, 20, 40 s")
    let documents = await cloud.fake.documents.count
    #expect(documents == 1)
  }

  @Test("offline or signed out it pauses, then resumes when both return")
  func pauses() async {
    let (engine, _, _) = Self.setUp { _ in CloudDocument(["userId": "alice", "version": 1]) }
    let id = await engine.enqueue(
      SyncOperation(.update, entityId: "e1", entityType: .customMeal, timestamp: start))
    await engine.processQueue()
    let signedOut = await engine.queue.state(of: id)
    #expect(signedOut == .pending, "signed out")
    await engine.setUser("alice")
    await engine.setOnline(false)
    await engine.processQueue()
    let paused = await engine.queue
    #expect(paused.state(of: id) == .pending && paused.pending.first?.attempts == 0)
    await engine.setOnline(true)
    await engine.processQueue()
    let resumed = await engine.queue.state(of: id)
    #expect(resumed == .succeeded)
  }

  @Test("another user signed in never uploads, drops or re-owns the previous user's operations")
  func anotherUser() async {
    let (engine, cloud, _) = Self.setUp { operation in
      CloudDocument(["userId": operation.owner ?? "?", "version": 1])
    }
    let id = await engine.enqueue(
      SyncOperation(.update, entityId: "e1", entityType: .customMeal, timestamp: start, owner: "alice"))
    await engine.setUser("bob")
    await engine.processQueue()
    #expect(await engine.queue.state(of: id) == .pending)
    #expect(await cloud.fake.trace.isEmpty, "nothing is sent while bob is signed in")
    await engine.setUser("alice")
    await engine.processQueue()
    #expect(await engine.queue.state(of: id) == .succeeded)
    let paths = await cloud.fake.documents.keys.map(\.description)
    #expect(paths == ["users/alice/customMeals/e1"])
  }

  @Test("a local store that cannot be read is retried like a network error, not taken as a deletion")
  func unreadableStore() async {
    let reads = Reads(failing: 2)
    let (engine, cloud, clock) = Self.setUp(policy: RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 3))
    {
      _ in
      try await reads.read()
      return CloudDocument(["userId": "alice", "version": 1])
    }
    await engine.setUser("alice")
    let id = await engine.enqueue(
      SyncOperation(.update, entityId: "e1", entityType: .foodItem, timestamp: start, owner: "alice"))
    await engine.processQueue()
    #expect(await engine.queue.state(of: id) == .succeeded)
    #expect(await cloud.fake.documents.count == 1)
    #expect(clock.current == start.addingTimeInterval(1 + 2), "two failed reads, backoff 1 and 2 s")
  }

  /// A store whose first `failing` reads fail.
  actor Reads {
    var failing: Int
    init(failing: Int) { self.failing = failing }
    func read() throws {
      guard failing > 0 else { return }
      failing -= 1
      throw CocoaError(.fileReadUnknown)
    }
  }

  @Test("a failed save is reported, not swallowed, and the queue in memory is kept")
  func saveFailure() async {
    let (engine, _, _) = Self.setUp(file: QueueFile(path: "/nonexistent-directory/queue")) { _ in nil }
    let id = await engine.enqueue(
      SyncOperation(.create, entityId: "e1", entityType: .foodItem, timestamp: start))
    let error = await engine.persistError
    #expect(error?.hasPrefix("could not save the sync queue to /nonexistent-directory/queue") == true)
    #expect(await engine.queue.state(of: id) == .pending)
  }

  @Test("a restart restores the queue from its file")
  func restart() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "engine-\(UInt64.random(in: 0 ... .max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = QueueFile(path: directory.appendingPathComponent("queue").path)
    let clock = VirtualClock(start: start)
    let cloud = CloudFakeStore(fake: CloudFake(start: start), clock: clock)
    func engine() -> SyncEngine<SyncQueue> {
      SyncEngine(
        queue: SyncQueue(), restore: { SyncQueue(restoring: $0) }, cloud: cloud, clock: clock, file: file
      ) { _ in nil }
    }
    let first = engine()
    let id = await first.enqueue(
      SyncOperation(.delete, entityId: "e1", entityType: .dailyLog, timestamp: start))
    let restored = await engine().queue
    #expect(restored.state(of: id) == .pending && restored.count == 1)
  }
}

@Suite("CloudFake downloads")
struct CloudFakeChangesTests {
  @Test(
    "changes after a revision: the user's collection only, in revision order, rewrites at their new revision")
  func changesInRevisionOrder() {
    var cloud = CloudFake(start: start)
    let other = DocumentPath(uid: "alice", collection: "foodItems", documentId: "e2")
    let meal = DocumentPath(uid: "alice", collection: "customMeals", documentId: "m1")
    let bobs = DocumentPath(uid: "bob", collection: "foodItems", documentId: "e3")
    // Revisions count per user and collection, as each of a device's cursors reads them.
    _ = cloud.set(CloudDocument(["userId": "alice"]), at: meal, as: "alice", now: start)  // meals 1
    _ = cloud.set(CloudDocument(["userId": "bob"]), at: bobs, as: "bob", now: start)  // bob's 1
    _ = cloud.set(aliceDocument, at: path, as: "alice", now: start)  // food 1
    _ = cloud.set(CloudDocument(["userId": "alice"]), at: other, as: "alice", now: start)  // 2
    _ = cloud.set(aliceDocument, at: path, as: "alice", now: start)  // 3: e1 again
    let all = cloud.changes(in: "foodItems", as: "alice", after: 0, now: start).changes
    #expect(all.map(\.revision) == [2, 3] && all.map(\.path) == [other, path])
    #expect(cloud.changes(in: "foodItems", as: "alice", after: 2, now: start).changes.map(\.path) == [path])
    #expect(cloud.changes(in: "foodItems", as: "alice", after: 3, now: start).changes.isEmpty)
    #expect(
      cloud.changes(in: "customMeals", as: "alice", after: 0, now: start).changes.map(\.revision) == [1])
    #expect(cloud.changes(in: "foodItems", as: "bob", after: 0, now: start).changes.map(\.revision) == [1])
  }

  @Test("a download goes through the fault plan, and a faulty one returns nothing")
  func faultyDownload() {
    var cloud = CloudFake(plan: FaultPlan([.none, .unavailable]), start: start)
    _ = cloud.set(aliceDocument, at: path, as: "alice", now: start)
    let failed = cloud.changes(in: "foodItems", as: "alice", after: 0, now: start)
    #expect(failed.response.error == .cloudUnavailable && failed.changes.isEmpty)
    let bobs = cloud.changes(in: "foodItems", as: "bob", after: 0, now: start)
    #expect(bobs.changes.isEmpty, "bob reads only his own documents")
    #expect(cloud.changes(in: "foodItems", as: "alice", after: 0, now: start).changes.count == 1)
  }

  @Test("another client's write skips the rules and faults but gets a revision")
  func anotherClient() {
    var cloud = CloudFake(plan: FaultPlan([.unavailable]), start: start)
    cloud.writeAsAnotherClient(CloudDocument(["junk": true]), at: path, now: start)
    #expect(cloud.revisions[path] == 1 && cloud.trace.last?.outcome == "written by another client")
    #expect(
      cloud.changes(in: "foodItems", as: "alice", after: 0, now: start).response.error == .cloudUnavailable)
  }

  @Test("a document is stored as Firestore stores it: every timestamp to the microsecond, toward the past")
  func storedPrecision() {
    var cloud = CloudFake(start: start)
    let noisy = Timestamp(seconds: 1_767_225_600, nanoseconds: 2_000_999)
    let document = CloudDocument([
      "userId": "alice", "at": noisy, "list": [noisy, "x"], "map": ["at": noisy],
      "whole": Timestamp(seconds: 7, nanoseconds: 5_000),
    ])
    #expect(cloud.set(document, at: path, as: "alice", now: start).error == nil)
    let stored = Timestamp(seconds: 1_767_225_600, nanoseconds: 2_000_000)
    let fields = cloud.document(at: path)?.fields ?? [:]
    #expect(fields["at"] as? Timestamp == stored)
    #expect(
      (fields["list"] as? [Any])?.first as? Timestamp == stored
        && (fields["list"] as? [Any])?.last as? String == "x")
    #expect((fields["map"] as? [String: Any])?["at"] as? Timestamp == stored)
    #expect(fields["whole"] as? Timestamp == Timestamp(seconds: 7, nanoseconds: 5_000))
  }

  @Test("a fault that keeps a call from landing fails it before the rules see it, as on the way to Firestore")
  func faultBeforeRules() {
    var cloud = CloudFake(plan: FaultPlan([.unavailable, .lostAcknowledgement]), start: start)
    #expect(cloud.set(aliceDocument, at: path, as: "bob", now: start).error == .cloudUnavailable)
    #expect(
      cloud.set(aliceDocument, at: path, as: "bob", now: start).error
        == .some(.permissionDenied(path: path.description)))
    #expect(cloud.document(at: path) == nil)
  }
}
