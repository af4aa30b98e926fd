import Foundation

/// One device's local store of workout data under a `SyncPolicy`.
///
/// Saves stamp `updatedAt` only when content changes (seed 004, 2.5), deletions are recorded (2.4), and
/// `sync` exchanges everything with the cloud (1.4–1.7).
public struct WorkoutDevice: Hashable, Sendable {
  /// The rules it syncs by.
  public let policy: SyncPolicy
  /// Its modules and workouts.
  public internal(set) var templates: [WorkoutKey: WorkoutTemplate] = [:]
  /// Its sessions.
  public internal(set) var sessions: [WorkoutKey: WorkoutSession] = [:]
  /// Its deletion records.
  public internal(set) var deletions = DeletionTracker()

  /// An empty device syncing by `policy`.
  public init(policy: SyncPolicy) { self.policy = policy }

  /// A device holding what a launch restored from its store.
  public init(
    policy: SyncPolicy, templates: [WorkoutTemplate], sessions: [WorkoutSession], deletions: DeletionTracker
  ) {
    self.policy = policy
    self.templates = Dictionary(templates.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    self.sessions = Dictionary(sessions.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    self.deletions = deletions
  }

  /// Every live entity's key, in order.
  public var keys: [WorkoutKey] { (Array(templates.keys) + Array(sessions.keys)).sorted() }

  /// Saves `template` at `now`.
  ///
  /// When it has the content of the version held, nothing changes (no save loop); otherwise it is stored with
  /// `updatedAt` `now`, and so is each child whose content changed or that is new, while an unchanged child
  /// keeps its own `updatedAt`. Returns whether anything changed.
  @discardableResult
  public mutating func save(_ template: WorkoutTemplate, now: Date) -> Bool {
    let held = templates[template.key]
    if let held, held.hasSameContent(as: template) { return false }
    var stamped = template
    stamped.updatedAt = now
    let before = Dictionary((held?.exercises ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    stamped.exercises = template.exercises.map { exercise in
      var child = exercise
      if let old = before[exercise.id], old.hasSameContent(as: exercise) {
        child.updatedAt = old.updatedAt
      } else {
        child.updatedAt = now
      }
      return child
    }
    templates[template.key] = stamped
    return true
  }

  /// Saves `session` at `now` (seed 004, 1.7: append-only).
  ///
  /// A new session is stored with `updatedAt` `now`; one held is only ever extended by more sets (stamped
  /// `now`); a save that changes or removes a logged set is refused, and one that adds nothing changes
  /// nothing. Returns whether anything changed.
  @discardableResult
  public mutating func save(_ session: WorkoutSession, now: Date) -> Bool {
    if let held = sessions[session.key] {
      guard session.sets.count > held.sets.count, session.sets.starts(with: held.sets) else { return false }
    }
    var stamped = session
    stamped.updatedAt = now
    sessions[session.key] = stamped
    return true
  }

  /// Deletes `key` at `now` and records the deletion; a deletion already recorded keeps its time.
  public mutating func delete(_ key: WorkoutKey, now: Date) {
    templates[key] = nil
    sessions[key] = nil
    deletions.record(key, deletedAt: now)
  }

  /// The `updatedAt` of `key`'s live version here, if there is one.
  public func updatedAt(of key: WorkoutKey) -> Date? { templates[key]?.updatedAt ?? sessions[key]?.updatedAt }

  /// Whether a deletion at `deletedAt` removes a version changed at `updatedAt`.
  ///
  /// Always under countme's rule; under seed 004's only when the version was not changed after it.
  func deletionApplies(deletedAt: Date, to updatedAt: Date) -> Bool {
    policy.lateEdit == .deletionWins || updatedAt <= deletedAt
  }
}
