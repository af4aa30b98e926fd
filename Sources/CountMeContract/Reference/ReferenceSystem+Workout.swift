import CountMeCore
import Foundation

extension ReferenceSystem {
  /// CountMeCore's `WorkoutConflicts.winner`.
  public func winner(
    local: (updatedAt: Date, contentHash: UInt64), cloud: (updatedAt: Date, contentHash: UInt64)?,
    policy: SyncPolicy
  ) -> WorkoutConflicts.Side {
    WorkoutConflicts.winner(local: local, cloud: cloud, policy: policy)
  }
  /// CountMeCore's `WorkoutConflicts.merge` of templates.
  public func merge(local: WorkoutTemplate, cloud: WorkoutTemplate, policy: SyncPolicy) -> WorkoutTemplate {
    WorkoutConflicts.merge(local: local, cloud: cloud, policy: policy)
  }
  /// CountMeCore's `WorkoutConflicts.merge` of sessions.
  public func merge(local: WorkoutSession, cloud: WorkoutSession, policy: SyncPolicy) -> WorkoutSession {
    WorkoutConflicts.merge(local: local, cloud: cloud, policy: policy)
  }
  /// CountMeCore's `WorkoutDevice(policy:)`.
  public func makeWorkoutDevice(policy: SyncPolicy) -> any WorkoutDeviceUnderTest {
    WorkoutDevice(policy: policy)
  }
  /// CountMeCore's `WorkoutApp` of a new `WorkoutDevice` and a new `SyncQueue` under `policy`.
  public func makeWorkoutApp(policy: SyncPolicy) -> any WorkoutAppUnderTest {
    WorkoutApp(device: WorkoutDevice(policy: policy), queue: SyncQueue(rules: policy.queue))
  }
  /// CountMeCore's `SyncQueue(rules: policy.queue)`.
  public func makeQueue(under policy: SyncPolicy) -> any SyncQueueing {
    SyncQueue(rules: policy.queue)
  }
  /// CountMeCore's `WorkoutStore.load`.
  public func restoreWorkoutDevice(from data: Data, policy: SyncPolicy) -> (
    device: any WorkoutDeviceUnderTest, corrupted: String?
  ) {
    let (device, corrupted) = WorkoutStore.load(data, policy: policy)
    return (device, corrupted)
  }
  /// CountMeCore's `SyncQueue(restoring:rules:)`, or an empty queue and why.
  public func restoreQueue(from data: Data, under policy: SyncPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    do {
      return (SyncQueue(restoring: try QueueSnapshot.decode(data), rules: policy.queue), nil)
    } catch {
      return (SyncQueue(rules: policy.queue), "\(error)")
    }
  }
}
