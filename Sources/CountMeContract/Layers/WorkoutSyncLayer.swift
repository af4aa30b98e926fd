import CountMeCore
import Foundation

/// One device of seed 004's workout app, as the W properties drive it: the interface of
/// CountMeCore's `WorkoutDevice`.
public protocol WorkoutDeviceUnderTest: Sendable {
  /// Its modules and workouts.
  var templates: [WorkoutKey: WorkoutTemplate] { get }
  /// Its sessions.
  var sessions: [WorkoutKey: WorkoutSession] { get }
  /// Its deletion records.
  var deletionRecords: [WorkoutKey: DeletionRecord] { get }
  /// Saves a module or workout at `now`; whether anything changed.
  mutating func save(_ template: WorkoutTemplate, now: Date) -> Bool
  /// Saves a session at `now`; whether anything changed.
  mutating func save(_ session: WorkoutSession, now: Date) -> Bool
  /// Deletes an entity at `now`.
  mutating func delete(_ key: WorkoutKey, now: Date)
  /// Syncs with the cloud at `now`; what it sent.
  mutating func sync(with cloud: inout WorkoutCloud, now: Date) -> WorkoutDevice.SyncReport
  /// The bytes its store persists (seed 004, 2.2).
  func persisted() -> Data
}

extension WorkoutDevice: WorkoutDeviceUnderTest {
  /// `deletions.records`.
  public var deletionRecords: [WorkoutKey: DeletionRecord] { deletions.records }
  /// `WorkoutStore.encode(self)`.
  public func persisted() -> Data { WorkoutStore.encode(self) }
}

/// Seed 004's app on one device, its store and its offline queue joined: CountMeCore's `WorkoutApp`.
///
/// Seed 004's app on one device as W1.1 and W1.8 drive it: a save held in the store at once and
/// queued for its push (1.1), the pushes due under the queue's rules, none while offline, and the
/// sync status the UI shows (1.8). The interface of CountMeCore's `WorkoutApp`.
public protocol WorkoutAppUnderTest: Sendable {
  /// Its modules and workouts.
  var templates: [WorkoutKey: WorkoutTemplate] { get }
  /// Its sessions.
  var sessions: [WorkoutKey: WorkoutSession] { get }
  /// Its pushes not yet acknowledged.
  var queue: any SyncQueueing { get }
  /// What the UI shows of the sync: offline, syncing, failed or synced.
  var status: WorkoutSyncStatus { get }
  /// Saves a module or workout at `now` and queues its push; whether anything changed.
  mutating func save(_ template: WorkoutTemplate, now: Date) -> Bool
  /// Saves a session at `now` and queues its push; whether anything changed.
  mutating func save(_ session: WorkoutSession, now: Date) -> Bool
  /// Deletes an entity at `now` and queues the deletion's push.
  mutating func delete(_ key: WorkoutKey, now: Date)
  /// The device's network went up or down.
  mutating func networkChanged(online: Bool)
  /// The push due at `now`, or why none is.
  mutating func next(now: Date) -> QueueAction
  /// The outcome of a push: with no `failure`, the entity is written to `cloud`.
  mutating func push(_ id: OperationID, to cloud: inout WorkoutCloud, failure: SyncError?, now: Date)
}

extension WorkoutApp: WorkoutAppUnderTest {
  /// `device.templates`.
  public var templates: [WorkoutKey: WorkoutTemplate] { device.templates }
  /// `device.sessions`.
  public var sessions: [WorkoutKey: WorkoutSession] { device.sessions }
}

/// Seed 004's sync of workout data under a `SyncPolicy`: the conflict rule, the deep merge, the
/// sessions' whole versions and a device's store.
///
/// Judged by the W properties.
public protocol WorkoutSyncLayer: SystemUnderTest {
  /// Whose version a device keeps (seed 004, 1.4), of its own and the cloud's (nil: none there).
  func winner(
    local: (updatedAt: Date, contentHash: UInt64), cloud: (updatedAt: Date, contentHash: UInt64)?,
    policy: SyncPolicy
  ) -> WorkoutConflicts.Side
  /// Two versions of a module or workout made one (1.6).
  func merge(local: WorkoutTemplate, cloud: WorkoutTemplate, policy: SyncPolicy) -> WorkoutTemplate
  /// Two versions of a session made one (1.7).
  func merge(local: WorkoutSession, cloud: WorkoutSession, policy: SyncPolicy) -> WorkoutSession
  /// A new device with nothing stored, syncing by `policy`.
  func makeWorkoutDevice(policy: SyncPolicy) -> any WorkoutDeviceUnderTest
  /// A new install of the app under `policy`: nothing stored, nothing queued, the network up (W1.1, W1.8).
  func makeWorkoutApp(policy: SyncPolicy) -> any WorkoutAppUnderTest
  /// A new, empty offline queue following `policy`'s queue rules (1.2, 1.3, 1.8), with room for a
  /// thousand operations.
  func makeQueue(under policy: SyncPolicy) -> any SyncQueueing
  /// The queue a launch loads from `data` under `policy`'s queue rules, or an empty one and the reason.
  ///
  /// The queue a launch loads from `data` (a queue's `snapshot().encoded()`, queue-file v1) under
  /// `policy`'s queue rules; for bytes it cannot read, an empty queue and the reason.
  func restoreQueue(from data: Data, under policy: SyncPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  )
  /// The device a launch restores from `data` under `policy`, or a new one and the reason.
  ///
  /// The device a launch restores from `data` (what `persisted()` wrote) under `policy`, and nil; for
  /// bytes it cannot read, a new, empty device and the reason (2.6: recreated, never a crash).
  func restoreWorkoutDevice(from data: Data, policy: SyncPolicy) -> (
    device: any WorkoutDeviceUnderTest, corrupted: String?
  )
}
