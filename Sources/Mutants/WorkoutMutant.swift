import CountMeContract
import CountMeCore
import Foundation

/// One bug in seed 004's workout sync; everything else is the reference.
struct WorkoutMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A tie goes to the cloud (`>=` for `>`).
    case tieToCloud
    /// The merge keeps only the exercises the device holds (and the cloud's versions of them).
    case mergeDropsCloudOnly
    /// The merge takes the newer version whole, its exercises included.
    case mergeTakesWholeVersion
    /// The merged module keeps the device's name and notes, whichever side is newer.
    case metadataAlwaysLocal
    /// Two versions of a session are merged set by set.
    case sessionsMergedBySet
    /// A save stamps `updatedAt` even when nothing changed (the save loop 2.5 prevents).
    case saveAlwaysStamps
    /// A save stamps every exercise, changed or not.
    case saveStampsEveryExercise
    /// A deletion wins over an edit made after it.
    case lateEditDeleted
    /// A sync marks the device's deletions synced without pushing them.
    case deletionsNotPushed
    /// Deletion records are never cleaned.
    case recordsKeptForever
    /// Deletion records are cleaned a second early: kept 30 days less a second.
    case recordsCleanedASecondEarly
    /// Deletion records are kept a second late: cleaned only past 30 days and a second.
    case recordsKeptASecondLate
    /// A deletion is recorded as synced already, so no sync pushes it.
    case recordCreatedSynced
    /// The queue's priority list read backwards: the library before the active workout.
    case priorityInverted
    /// The queue ignores the types and sends the oldest due operation.
    case priorityIgnored
    /// `maxRetries = 5` read as retries after the first: a sixth attempt.
    case sixthAttempt
    /// An operation out of attempts is deleted instead of kept for manual intervention.
    case exhaustedDeleted
    /// A decoding failure is kept failed like any permanent error instead of removed.
    case decodingKept
    /// The retry interval doubles after each failure instead of staying 300 s.
    case intervalDoubles
    /// The network's return leaves every retry waiting out its interval.
    case reconnectIgnored
    /// The queue sends while offline.
    case sendsOffline
    /// A sync stores an exercise it took from the cloud under a new id (a find-or-create that
    /// creates), instead of the id it was created with.
    case pulledExerciseRenewed
    /// The store keeps times to the second.
    case storeRoundsToSeconds
    /// The store's checksum is never checked, so damaged bytes that still decode are taken as sound.
    case storeChecksumIgnored
    /// A store that cannot be read is recreated without saying so.
    case storeLossUnreported
    /// A recreated store's first sync pulls nothing back (the pull cursor outlived the store).
    case recreatedNotRefilled
    /// A restart loads every pending operation with its attempts back at 0.
    case restartResetsAttempts
    /// A save is stored on the device and never queued for its push: the cloud never gets it.
    case saveNotQueued
    /// A failed push is taken off the queue as if it went through: the cloud never gets the save.
    case failedPushDropped
    /// The status ignores the network: offline it shows syncing or synced.
    case statusIgnoresNetwork
    /// A push out of attempts shows as synced: the user is never asked to retry.
    case statusHidesManualIntervention
    /// The app never tells its queue the network returned: each retry waits out its interval.
    case appReconnectUntold
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func winner(
    local: (updatedAt: Date, contentHash: UInt64), cloud: (updatedAt: Date, contentHash: UInt64)?,
    policy: SyncPolicy
  ) -> WorkoutConflicts.Side {
    guard bug == .tieToCloud, let cloud else {
      return reference.winner(local: local, cloud: cloud, policy: policy)
    }
    return cloud.updatedAt >= local.updatedAt ? .cloud : .local
  }

  func merge(local: WorkoutTemplate, cloud: WorkoutTemplate, policy: SyncPolicy) -> WorkoutTemplate {
    var merged = reference.merge(local: local, cloud: cloud, policy: policy)
    switch bug {
    case .mergeDropsCloudOnly:
      merged.exercises.removeAll { child in !local.exercises.contains { $0.id == child.id } }
    case .mergeTakesWholeVersion:
      merged.exercises = (cloud.updatedAt > local.updatedAt ? cloud : local).exercises
    case .metadataAlwaysLocal:
      merged.name = local.name
      merged.notes = local.notes
    default: break
    }
    return merged
  }

  /// The reference's app over this mutant's queue, with an app bug wrapped around it when it has one.
  func makeWorkoutApp(policy: SyncPolicy) -> any WorkoutAppUnderTest {
    let app = WorkoutApp(device: WorkoutDevice(policy: policy), queue: makeQueue(under: policy))
    switch bug {
    case .saveNotQueued, .failedPushDropped, .statusIgnoresNetwork, .statusHidesManualIntervention,
      .appReconnectUntold:
      return MutantWorkoutApp(bug: bug, app: app)
    default: return app
    }
  }

  func merge(local: WorkoutSession, cloud: WorkoutSession, policy: SyncPolicy) -> WorkoutSession {
    var kept = reference.merge(local: local, cloud: cloud, policy: policy)
    if bug == .sessionsMergedBySet {
      kept.sets = local.sets + cloud.sets.filter { set in !local.sets.contains(set) }
    }
    return kept
  }

  func makeWorkoutDevice(policy: SyncPolicy) -> any WorkoutDeviceUnderTest {
    switch bug {
    case .lateEditDeleted:
      return WorkoutDevice(
        policy: Self.policy(policy, lateEdit: .deletionWins, retention: policy.deletionRetention))
    case .recordsKeptForever:
      return WorkoutDevice(policy: Self.policy(policy, lateEdit: policy.lateEdit, retention: nil))
    case .recordsCleanedASecondEarly, .recordsKeptASecondLate:
      let shift: TimeInterval = bug == .recordsCleanedASecondEarly ? -1 : 1
      return WorkoutDevice(
        policy: Self.policy(
          policy, lateEdit: policy.lateEdit, retention: policy.deletionRetention.map { $0 + shift }))
    case .saveAlwaysStamps, .saveStampsEveryExercise, .deletionsNotPushed, .recordCreatedSynced,
      .pulledExerciseRenewed, .storeRoundsToSeconds:
      return MutantWorkoutDevice(bug: bug, device: WorkoutDevice(policy: policy))
    default:
      return reference.makeWorkoutDevice(policy: policy)
    }
  }

  func restoreWorkoutDevice(from data: Data, policy: SyncPolicy) -> (
    device: any WorkoutDeviceUnderTest, corrupted: String?
  ) {
    switch bug {
    case .storeChecksumIgnored:
      // The body under a header stating its own checksum, whatever the header said.
      guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else {
        return reference.restoreWorkoutDevice(from: data, policy: policy)
      }
      let body = data[data.index(after: newline)...]
      let header = "countme-workout-store v1 fnv1a64=\(FNV1a.hex(FNV1a.hash(body)))\n"
      return reference.restoreWorkoutDevice(from: Data(header.utf8) + body, policy: policy)
    case .storeLossUnreported:
      return (reference.restoreWorkoutDevice(from: data, policy: policy).device, nil)
    case .storeRoundsToSeconds:
      let (device, corrupted) = WorkoutStore.load(data, policy: policy)
      return (MutantWorkoutDevice(bug: bug, device: device), corrupted)
    case .recreatedNotRefilled:
      let (device, corrupted) = WorkoutStore.load(data, policy: policy)
      return (MutantWorkoutDevice(bug: bug, device: device, skipsNextPull: corrupted != nil), corrupted)
    default:
      return reference.restoreWorkoutDevice(from: data, policy: policy)
    }
  }

  func restoreQueue(from data: Data, under policy: SyncPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    guard bug == .restartResetsAttempts, var snapshot = try? QueueSnapshot.decode(data) else {
      return reference.restoreQueue(from: data, under: policy)
    }
    for index in snapshot.pending.indices { snapshot.pending[index].attempts = 0 }
    return (SyncQueue(restoring: snapshot, capacity: 1_000, rules: policy.queue), nil)
  }

  func makeQueue(under policy: SyncPolicy) -> any SyncQueueing {
    var rules = policy.queue
    switch bug {
    case .priorityInverted: rules.order = .priority(EntityType.workoutTypes.reversed())
    case .priorityIgnored: rules.order = .timestamp
    case .sixthAttempt: rules.retry.maxRetries = 5
    case .decodingKept: rules.failures = .retryTransient
    case .intervalDoubles: rules.retry.maxDelay = 3_600
    case .reconnectIgnored: rules.retryOnReconnect = false
    case .exhaustedDeleted, .sendsOffline:
      return MutantWorkoutQueue(bug: bug, base: reference.makeQueue(under: policy))
    default: return reference.makeQueue(under: policy)
    }
    return SyncQueue(capacity: 1_000, rules: rules)
  }

  private static func policy(_ policy: SyncPolicy, lateEdit: SyncPolicy.LateEdit, retention: TimeInterval?)
    -> SyncPolicy
  {
    SyncPolicy(
      name: policy.name, tie: policy.tie, lateEdit: lateEdit, deletionRetention: retention,
      childMerge: policy.childMerge, queue: policy.queue)
  }
}
