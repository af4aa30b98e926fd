import CountMeCore
import CountMeProperties
import Foundation

/// The design document's own `processQueue`: on success it removes every queued operation of the
/// entity (`syncQueue.removeAll { $0.entityId == … }`), losing an update that arrived in flight.
/// Built over the reference queue: operations of the entity pending at a success vanish as succeeded.
struct RemovesByEntityQueue: SyncQueueing {
  var inner: SyncQueue
  var removed: Set<OperationID> = []

  var capacity: Int { inner.capacity }
  var policy: RetryPolicy { inner.policy }
  var pending: [QueuedOperation] { inner.pending.filter { !removed.contains($0.id) } }
  var inFlight: QueuedOperation? { inner.inFlight }
  var failed: [FailedOperation] { inner.failed }
  var count: Int { pending.count + (inFlight == nil ? 0 : 1) }

  mutating func enqueue(_ operation: SyncOperation) -> OperationID { inner.enqueue(operation) }

  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    while true {
      let action = inner.next(now: now, online: online, signedIn: signedIn)
      guard case .upload(let id, _) = action, removed.contains(id) else { return action }
      inner.complete(id, with: .success(()), now: now)
    }
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    let key = inner.inFlight?.operation.key
    inner.complete(id, with: result, now: now)
    if case .success = result, let key {
      for operation in inner.pending where operation.operation.key == key { removed.insert(operation.id) }
    }
  }

  mutating func retryFailed(_ id: OperationID) -> Bool { inner.retryFailed(id) }

  func state(of id: OperationID) -> OperationState? { removed.contains(id) ? .succeeded : inner.state(of: id) }

  func accounting() -> QueueAccounting {
    var books = inner.accounting()
    let vanished = inner.pending.filter { removed.contains($0.id) }.count
    books.pending -= vanished
    books.succeeded += vanished
    return books
  }

  func snapshot() -> QueueSnapshot {
    var snapshot = inner.snapshot()
    snapshot.pending.removeAll { removed.contains($0.id) }
    return snapshot
  }
}

/// The reference system with the design document's queue.
struct DesignDocumentQueueSystem: SystemUnderTest {
  let reference = ReferenceSystem()
  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    RemovesByEntityQueue(inner: SyncQueue(capacity: capacity, policy: policy))
  }
  func makeFoodItem(_ a: FoodItemArguments) throws -> FoodItemArguments { try reference.makeFoodItem(a) }
  func makeExerciseItem(_ a: ExerciseItemArguments) throws -> ExerciseItemArguments { try reference.makeExerciseItem(a) }
  func makeIngredient(_ a: IngredientArguments) throws -> IngredientArguments { try reference.makeIngredient(a) }
  func makeCustomMeal(_ a: CustomMealArguments) throws -> CustomMealArguments { try reference.makeCustomMeal(a) }
  func makeDailyLog(_ a: DailyLogArguments) throws -> DailyLogArguments { try reference.makeDailyLog(a) }
  func decodeFoodItem(_ d: [String: Any]) throws -> FoodItemArguments { try reference.decodeFoodItem(d) }
  func decodeExerciseItem(_ d: [String: Any]) throws -> ExerciseItemArguments { try reference.decodeExerciseItem(d) }
  func decodeCustomMeal(_ d: [String: Any]) throws -> CustomMealArguments { try reference.decodeCustomMeal(d) }
  func decodeDailyLog(_ d: [String: Any]) throws -> DailyLogArguments { try reference.decodeDailyLog(d) }
}

import Generators
