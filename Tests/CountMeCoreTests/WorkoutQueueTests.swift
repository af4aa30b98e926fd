import Foundation
import Testing

@testable import CountMeCore

/// `SyncQueue` under seed 004's queue rules (`QueueRules.workout`), each expectation written out
/// from the seed's sections 1.2, 1.3 and 1.8.
@Suite("The workout policy's queue")
struct WorkoutQueueTests {
  let start = Date(timeIntervalSince1970: 1_767_225_600)

  func operation(_ id: String, _ type: EntityType, at seconds: Double = 0) -> SyncOperation {
    SyncOperation(.update, entityId: id, entityType: type, timestamp: start.addingTimeInterval(seconds))
  }

  /// Asks the queue at `now` and answers an upload with `result`; the id sent, if any.
  func attempt(_ queue: inout SyncQueue, at now: Date, _ result: Result<Void, SyncError>) -> OperationID? {
    guard case .upload(let id, _) = queue.next(now: now, online: true, signedIn: true) else { return nil }
    queue.complete(id, with: result, now: now)
    return id
  }

  @Test("1.2: five attempts 300 s apart, then kept failed; never a sixth")
  func fiveAttempts() {
    var queue = SyncQueue(rules: .workout)
    let id = queue.enqueue(operation("m", .module))
    var now = start
    for attempt in 1...5 {
      #expect(
        self.attempt(&queue, at: now, .failure(.permissionDenied(path: "p"))) == id, "attempt \(attempt)")
      if attempt < 5 {
        #expect(queue.state(of: id) == .pending)
        #expect(
          queue.next(now: now, online: true, signedIn: true) == .wait(until: now.addingTimeInterval(300)))
      }
      now = now.addingTimeInterval(300)
    }
    #expect(queue.state(of: id) == .failed(.permissionDenied(path: "p")))
    #expect(queue.failed.map(\.attempts) == [5], "kept, needing manual intervention")
    #expect(queue.next(now: now.addingTimeInterval(86_400), online: true, signedIn: true) == .idle)
  }

  @Test("1.2: a decoding failure is removed at once with its reason; seed 001's rules keep it failed")
  func decodingFailure() {
    let error = SyncError.missingField(model: "Module", field: "exercises")
    var workout = SyncQueue(rules: .workout)
    let id = workout.enqueue(operation("m", .module))
    _ = attempt(&workout, at: start, .failure(error))
    guard case .removed(let reason)? = workout.state(of: id) else {
      Issue.record("a decoding failure left \(String(describing: workout.state(of: id)))")
      return
    }
    #expect(reason.contains("decoding") && reason.contains("\(error)") && workout.failed.isEmpty)
    var countme = SyncQueue()
    let other = countme.enqueue(operation("m", .foodItem))
    _ = attempt(&countme, at: start, .failure(error))
    #expect(countme.state(of: other) == .failed(error))
  }

  @Test("1.3: the due operation of the most urgent type first, the oldest of a type first")
  func priority() {
    var queue = SyncQueue(rules: .workout)
    let order: [(String, EntityType, Double)] = [
      ("s", .scheduledWorkout, 0), ("m2", .module, 2), ("m1", .module, 1), ("d", .setData, 3),
      ("x", .session, 4),
    ]
    var ids: [String: OperationID] = [:]
    for (name, type, at) in order { ids[name] = queue.enqueue(operation(name, type, at: at)) }
    let sent = (0..<5).compactMap { _ in attempt(&queue, at: start.addingTimeInterval(10), .success(())) }
    #expect(sent == ["d", "x", "m1", "m2", "s"].compactMap { ids[$0] })
  }

  @Test("1.3: an operation backing off lets a less urgent due one go")
  func backingOffYields() {
    var queue = SyncQueue(rules: .workout)
    let data = queue.enqueue(operation("d", .setData))
    let module = queue.enqueue(operation("m", .module))
    #expect(attempt(&queue, at: start, .failure(.cloudUnavailable)) == data)
    #expect(attempt(&queue, at: start, .success(())) == module)
    #expect(attempt(&queue, at: start.addingTimeInterval(300), .success(())) == data)
  }

  @Test("1.8: nothing is sent offline; the network's return makes every retry due at once")
  func reconnect() {
    var queue = SyncQueue(rules: .workout)
    let id = queue.enqueue(operation("x", .session))
    _ = attempt(&queue, at: start, .failure(.networkUnavailable))
    let later = start.addingTimeInterval(60)
    #expect(queue.next(now: later, online: false, signedIn: true) == .paused)
    queue.networkReturned()
    #expect(attempt(&queue, at: later, .success(())) == id)

    var countme = SyncQueue(policy: RetryPolicy(initialDelay: 300, maxDelay: 300))
    _ = countme.enqueue(operation("f", .foodItem))
    _ = attempt(&countme, at: start, .failure(.networkUnavailable))
    countme.networkReturned()
    #expect(
      countme.next(now: later, online: true, signedIn: true) == .wait(until: start.addingTimeInterval(300)),
      "seed 001's queue keeps its backoff")
  }

  @Test("every workout type persists by its raw value and loads back (queue-file v1)")
  func workoutTypesPersist() throws {
    var queue = SyncQueue(rules: .workout)
    for (index, type) in EntityType.workoutTypes.enumerated() {
      _ = queue.enqueue(operation("e\(index)", type, at: Double(index)))
    }
    let loaded = try QueueSnapshot.decode(queue.snapshot().encoded())
    #expect(loaded.pending.map(\.operation.entityType) == EntityType.workoutTypes)
    #expect(EntityType.countmeTypes + EntityType.workoutTypes == EntityType.allCases)
    #expect(Set(EntityType.allCases.map(\.collection)).count == EntityType.allCases.count)
  }
}
