import Foundation

extension WorkoutDevice {
  /// What one sync sent to the cloud.
  public struct SyncReport: Hashable, Sendable {
    /// The deletion records pushed.
    public var deletionsPushed: [WorkoutKey] = []
    /// The versions written to the cloud.
    public var uploaded: [WorkoutKey] = []
  }

  /// Syncs with `cloud` at `now`, in seed 004's order.
  ///
  /// Push this device's unsynced deletions, take in the cloud's deletions (1.5: "deletions sync first"), then
  /// meet every entity either side holds, then clean deletion records past the policy's retention, here and
  /// in the cloud.
  ///
  /// An entity meets the cloud's version by `WorkoutConflicts.merge`; a version held on one side
  /// only goes to the other, unless this device recorded its deletion and the deletion applies to
  /// it. A version is written to the cloud only when its content hash differs from the cloud's
  /// (1.6's skip).
  @discardableResult
  public mutating func sync(with cloud: inout WorkoutCloud, now: Date) -> SyncReport {
    var report = SyncReport()
    for record in deletions.sorted where record.syncedAt == nil {
      pushDeletion(record, to: &cloud, now: now, &report)
    }
    for (key, deletedAt) in cloud.deletions.sorted(by: { $0.key < $1.key }) {
      if let updatedAt = updatedAt(of: key), !deletionApplies(deletedAt: deletedAt, to: updatedAt) {
        continue
      }
      templates[key] = nil
      sessions[key] = nil
      deletions.record(key, deletedAt: deletedAt, syncedAt: now)
    }
    for key in Set(keys + cloud.keys).sorted() { meet(key, &cloud, &report) }
    deletions.cleanUp(now: now, retention: policy.deletionRetention)
    cloud.cleanUp(now: now, policy: policy)
    return report
  }

  /// Pushes `key` alone to `cloud` at `now`, as a save's or a deletion's push does (seed 004, 1.1).
  ///
  /// Its unsynced deletion record, if it has one, as `sync` pushes records; otherwise its live
  /// version meets the cloud's as in `sync` (merged on both sides, written when the content
  /// differs). A key this device holds nothing unsynced of changes nothing.
  @discardableResult
  public mutating func push(_ key: WorkoutKey, to cloud: inout WorkoutCloud, now: Date) -> SyncReport {
    var report = SyncReport()
    if let record = deletions.records[key], record.syncedAt == nil {
      pushDeletion(record, to: &cloud, now: now, &report)
    } else if templates[key] != nil || sessions[key] != nil {
      meet(key, &cloud, &report)
    }
    return report
  }

  /// `record` pushed to `cloud`: the cloud keeps the earliest deletion time, and drops the version it deletes.
  ///
  /// A record the cloud holds past the policy's retention at `now` is one its next clean-up drops:
  /// it gives way to the pushed one. (Kept as the earlier time, it took the new deletion with it
  /// at that clean-up: W1.5 found it, a device deleting a module 31 days after another did.)
  private mutating func pushDeletion(
    _ record: DeletionRecord, to cloud: inout WorkoutCloud, now: Date, _ report: inout SyncReport
  ) {
    if let held = cloud.deletions[record.key], let retention = policy.deletionRetention,
      now.timeIntervalSince(held) > retention
    {
      cloud.deletions[record.key] = nil
    }
    cloud.deletions[record.key] =
      cloud.deletions[record.key].map { min($0, record.deletedAt) } ?? record.deletedAt
    if let updatedAt = cloud.updatedAt(of: record.key),
      deletionApplies(deletedAt: record.deletedAt, to: updatedAt)
    {
      cloud.templates[record.key] = nil
      cloud.sessions[record.key] = nil
    }
    deletions.markSynced(record.key, now: now)
    report.deletionsPushed.append(record.key)
  }

  /// This device's and the cloud's versions of `key` made one, on both sides.
  private mutating func meet(_ key: WorkoutKey, _ cloud: inout WorkoutCloud, _ report: inout SyncReport) {
    let policy = self.policy
    if key.kind == .session {
      meet(key, \.sessions, \.sessions, &cloud, &report) {
        WorkoutConflicts.merge(local: $0, cloud: $1, policy: policy)
      }
    } else {
      meet(key, \.templates, \.templates, &cloud, &report) {
        WorkoutConflicts.merge(local: $0, cloud: $1, policy: policy)
      }
    }
  }

  /// `key`'s version kept here (in `mine`) and, when its content differs from the cloud's, written
  /// there (in `theirs`).
  private mutating func meet<Entity: WorkoutVersioned>(
    _ key: WorkoutKey, _ mine: WritableKeyPath<WorkoutDevice, [WorkoutKey: Entity]>,
    _ theirs: WritableKeyPath<WorkoutCloud, [WorkoutKey: Entity]>, _ cloud: inout WorkoutCloud,
    _ report: inout SyncReport, merge: (Entity, Entity) -> Entity
  ) {
    let kept = kept(self[keyPath: mine][key], cloud[keyPath: theirs][key], key, merge: merge)
    self[keyPath: mine][key] = kept
    if let kept, kept.contentHash != cloud[keyPath: theirs][key]?.contentHash {
      cloud[keyPath: theirs][key] = kept
      report.uploaded.append(key)
    }
  }

  /// The version to keep of `local` and `cloud`, or none.
  ///
  /// The version to keep of `local` and `cloud`: their merge, the one that exists, or none when
  /// only the cloud's exists and a deletion recorded here applies to it.
  private func kept<Entity>(
    _ local: Entity?, _ cloud: Entity?, _ key: WorkoutKey, merge: (Entity, Entity) -> Entity
  ) -> Entity? where Entity: WorkoutVersioned {
    switch (local, cloud) {
    case (let local?, let cloud?): return merge(local, cloud)
    case (let local?, nil): return local
    case (nil, let cloud?):
      guard let record = deletions.records[key] else { return cloud }
      return deletionApplies(deletedAt: record.deletedAt, to: cloud.updatedAt) ? nil : cloud
    case (nil, nil): return nil
    }
  }
}
