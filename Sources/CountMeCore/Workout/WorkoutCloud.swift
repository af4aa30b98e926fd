import Foundation

/// What the cloud holds of one user's workout data: the live versions and the deletion records
/// devices pushed, a value the devices' syncs read and write.
public struct WorkoutCloud: Hashable, Sendable {
  /// The live modules and workouts.
  public var templates: [WorkoutKey: WorkoutTemplate] = [:]
  /// The live sessions.
  public var sessions: [WorkoutKey: WorkoutSession] = [:]
  /// The deletions, each at the earliest time a device pushed for it.
  public var deletions: [WorkoutKey: Date] = [:]

  /// Creates an empty cloud.
  public init() {}

  /// Every live entity's key, in order.
  public var keys: [WorkoutKey] { (Array(templates.keys) + Array(sessions.keys)).sorted() }

  /// The `updatedAt` of `key`'s live version, if there is one.
  public func updatedAt(of key: WorkoutKey) -> Date? { templates[key]?.updatedAt ?? sessions[key]?.updatedAt }

  /// Removes the deletion records older than the policy's retention at `now`.
  ///
  /// Removes the deletion records older than the policy's retention at `now` (decided: the cloud
  /// keeps them as long as a device does, since seed 004 tracks deletions "for 30 days to sync
  /// deletions across devices"); with no retention, none.
  public mutating func cleanUp(now: Date, policy: SyncPolicy) {
    guard let retention = policy.deletionRetention else { return }
    deletions = deletions.filter { now.timeIntervalSince($0.value) <= retention }
  }
}
