import Foundation

/// How a device's version of a workout entity and the cloud's become one, under a `SyncPolicy`:
/// pure functions, applied by every device at every sync.
public enum WorkoutConflicts {
  /// Whose version a device keeps.
  public enum Side: String, Hashable, Sendable {
    /// The device's own.
    case local
    /// The cloud's.
    case cloud
  }

  /// Seed 004, 1.4: the cloud's version wins only when it was changed strictly later; with no
  /// cloud version, or an older one, the local one.
  ///
  /// A tie goes to local under the workout policy, to the version with the larger content hash under
  /// countme's (the same side on every device).
  public static func winner(
    local: (updatedAt: Date, contentHash: UInt64), cloud: (updatedAt: Date, contentHash: UInt64)?,
    policy: SyncPolicy
  ) -> Side {
    guard let cloud else { return .local }
    if cloud.updatedAt != local.updatedAt { return cloud.updatedAt > local.updatedAt ? .cloud : .local }
    switch policy.tie {
    case .local: return .local
    case .contentOrder: return cloud.contentHash > local.contentHash ? .cloud : .local
    }
  }

  /// Seed 004, 1.6: two versions of a module or workout made one.
  ///
  /// Under `byID`, children meet by id (each the `winner` of its two versions; a child on one side only is
  /// kept), sorted by `order`, and the name and notes are the winning version's; `updatedAt` is the later of
  /// the two. Under `wholeVersion`, the winning version whole.
  public static func merge(local: WorkoutTemplate, cloud: WorkoutTemplate, policy: SyncPolicy)
    -> WorkoutTemplate
  {
    let side = winner(
      local: (local.updatedAt, local.contentHash), cloud: (cloud.updatedAt, cloud.contentHash), policy: policy
    )
    let newer = side == .cloud ? cloud : local
    guard policy.childMerge == .byID else { return newer }
    var children: [UUID: ExerciseInstance] = [:]
    for exercise in local.exercises { children[exercise.id] = exercise }
    for exercise in cloud.exercises {
      guard let mine = children[exercise.id] else {
        children[exercise.id] = exercise
        continue
      }
      let childSide = winner(
        local: (mine.updatedAt, childHash(mine)), cloud: (exercise.updatedAt, childHash(exercise)),
        policy: policy)
      if childSide == .cloud { children[exercise.id] = exercise }
    }
    return WorkoutTemplate(
      kind: local.kind, id: local.id, name: newer.name, notes: newer.notes,
      updatedAt: max(local.updatedAt, cloud.updatedAt), exercises: Array(children.values))
  }

  /// Seed 004, 1.7: two versions of a session are never merged: the `winner` is kept whole.
  public static func merge(local: WorkoutSession, cloud: WorkoutSession, policy: SyncPolicy) -> WorkoutSession
  {
    let side = winner(
      local: (local.updatedAt, local.contentHash), cloud: (cloud.updatedAt, cloud.contentHash), policy: policy
    )
    return side == .cloud ? cloud : local
  }

  /// A child's content hash, for a tie under countme's rule.
  static func childHash(_ exercise: ExerciseInstance) -> UInt64 {
    FNV1a.hash(Array("\(exercise.order)\u{1}\(exercise.name)\u{1}\(exercise.sets)\u{1}\(exercise.reps)".utf8))
  }
}
