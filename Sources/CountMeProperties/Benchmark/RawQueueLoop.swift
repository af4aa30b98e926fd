import CloudFake
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators

/// The baseline the sync simulator is compared with: CountMeCore's `SyncQueue` in a plain loop.
///
/// The baseline the sync simulator is compared with: CountMeCore's `SyncQueue` driven by the same
/// scenario and fault plan as `SyncBenchmark`, in a plain loop.
///
/// An upload completes at once with its call's fault; a restart saves the queue's file and loads it. No
/// cloud, no trace, no judge, no audit: what the queue itself costs, so `sim steps/s ÷ queue steps/s` says
/// what simulating and judging add on top.
enum RawQueueLoop {
  /// Runs `scenario` against a new queue under `faults`; returns how many uploads succeeded (so
  /// the work is not optimised away).
  static func run(_ scenario: SyncScenario, faults: FaultPlan) throws -> Int {
    var (capacity, policy) = (QueueSpecification.defaultCapacity, RetryPolicy())
    var queue = SyncQueue(capacity: capacity, policy: policy)
    var now = Date(timeIntervalSince1970: 1_767_225_600)
    var online = true, signedIn = true
    var calls = 0, succeeded = 0
    var enqueued: [OperationID] = []
    for step in scenario.steps {
      switch step {
      case .enqueue(let kind, let entity, let type):
        enqueued.append(
          queue.enqueue(SyncOperation(kind, entityId: "e\(entity)", entityType: type, timestamp: now)))
      case .process:
        guard case .upload(let id, _) = queue.next(now: now, online: online, signedIn: signedIn) else {
          break
        }
        let error = faults.fault(forCall: calls).error
        calls += 1
        if error == nil { succeeded += 1 }
        queue.complete(id, with: error.map { .failure($0) } ?? .success(()), now: now)
      case .advanceTime(let seconds): now = now.addingTimeInterval(Double(seconds))
      case .goOffline: online = false
      case .goOnline:
        online = true
        queue.networkReturned()
      case .signOut: signedIn = false
      case .signIn: signedIn = true
      case .restart, .upgrade:
        // An upgrade's capacity and retries stay in force across later restarts, as in the simulator.
        if case .upgrade(let newCapacity, let maxRetries) = step {
          (capacity, policy.maxRetries) = (newCapacity, maxRetries)
        }
        queue = SyncQueue(
          restoring: try QueueSnapshot.decode(queue.snapshot().encoded()), capacity: capacity, policy: policy)
      case .retryFailed(let number):
        let failed = queue.failed.map(\.id)
        let candidates = failed.isEmpty ? enqueued : failed
        if !candidates.isEmpty { _ = queue.retryFailed(candidates[number % candidates.count]) }
      case .remove(let number):
        let held = queue.pending.map(\.id) + queue.failed.map(\.id)
        let candidates = held.isEmpty ? enqueued : held
        if !candidates.isEmpty { _ = queue.remove(candidates[number % candidates.count], reason: "removed") }
      }
    }
    return succeeded
  }
}
