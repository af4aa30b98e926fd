import CountMeContract
import CountMeCore
import Foundation

/// The reference system with its queue refactored (`RefactoredQueue`): the queue layer and the workout
/// layer's queue are the refactor's own, the rest CountMeCore's, forwarded.
struct RefactoredSystem: QueueLayer, WorkoutSyncLayer {
  private let reference = ReferenceSystem()

  /// Every layer but the two whose queue is the refactor's: those runs use CountMeCore's code on
  /// both sides except the queue, which is what they compare.
  var borrowedLayers: [Layer] { Layer.allCases.filter { $0 != .queue && $0 != .workoutSync } }

  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    RefactoredQueue(capacity: capacity, rules: .countme(retry: policy))
  }
  func persistQueue(_ queue: any SyncQueueing) -> Data { queue.snapshot().encoded() }
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    do {
      return (
        RefactoredQueue(
          restoring: try QueueSnapshot.decode(data), capacity: capacity, rules: .countme(retry: policy)),
        nil
      )
    } catch {
      return (makeQueue(capacity: capacity, policy: policy), "\(error)")
    }
  }

  func winner(
    local: (updatedAt: Date, contentHash: UInt64), cloud: (updatedAt: Date, contentHash: UInt64)?,
    policy: SyncPolicy
  ) -> WorkoutConflicts.Side {
    reference.winner(local: local, cloud: cloud, policy: policy)
  }
  func merge(local: WorkoutTemplate, cloud: WorkoutTemplate, policy: SyncPolicy) -> WorkoutTemplate {
    reference.merge(local: local, cloud: cloud, policy: policy)
  }
  func merge(local: WorkoutSession, cloud: WorkoutSession, policy: SyncPolicy) -> WorkoutSession {
    reference.merge(local: local, cloud: cloud, policy: policy)
  }
  func makeWorkoutDevice(policy: SyncPolicy) -> any WorkoutDeviceUnderTest {
    reference.makeWorkoutDevice(policy: policy)
  }
  func restoreWorkoutDevice(from data: Data, policy: SyncPolicy) -> (
    device: any WorkoutDeviceUnderTest, corrupted: String?
  ) {
    reference.restoreWorkoutDevice(from: data, policy: policy)
  }
  func makeQueue(under policy: SyncPolicy) -> any SyncQueueing { RefactoredQueue(rules: policy.queue) }
  /// CountMeCore's app over the refactored queue.
  func makeWorkoutApp(policy: SyncPolicy) -> any WorkoutAppUnderTest {
    WorkoutApp(device: WorkoutDevice(policy: policy), queue: makeQueue(under: policy))
  }
  func restoreQueue(from data: Data, under policy: SyncPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    do {
      return (RefactoredQueue(restoring: try QueueSnapshot.decode(data), rules: policy.queue), nil)
    } catch {
      return (RefactoredQueue(rules: policy.queue), "\(error)")
    }
  }
}
