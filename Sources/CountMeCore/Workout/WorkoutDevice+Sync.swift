import Foundation

extension WorkoutDevice {
  /// What one sync sent to the cloud.
  public struct SyncReport: Hashable, Sendable {
    /// The deletion records pushed.
    public var deletionsPushed: [WorkoutKey] = []
    /// The versions written to the cloud.
    public var uploaded: [WorkoutKey] = []
  }

  /// Syncs with `cloud` at `now`, in seed 004's order: push this device's unsynced deletions, take
  /// in the cloud's deletions (1.5: "deletions sync first"), then meet every entity either side
  /// holds, then clean deletion records past the policy's retention, here and in the cloud.
  ///
  /// An entity meets the cloud's version by `WorkoutConflicts.merge`; a version held on one side
  /// only goes to the other, unless this device recorded its deletion and the deletion applies to
  /// it. A version is written to the cloud only when its content hash differs from the cloud's
  /// (1.6's skip).
  @discardableResult
  public mutating func sync(with cloud: inout WorkoutCloud, now: Date) -> SyncReport {
    var report = SyncReport()
    for record in deletions.sorted where record.syncedAt == nil {
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

  /// This device's and the cloud's versions of `key` made one, on both sides.
  private mutating func meet(_ key: WorkoutKey, _ cloud: inout WorkoutCloud, _ report: inout SyncReport) {
    if key.kind == .session {
      let kept = meet(sessions[key], cloud.sessions[key], key) {
        WorkoutConflicts.merge(local: $0, cloud: $1, policy: policy)
      }
      sessions[key] = kept
      if let kept, kept.contentHash != cloud.sessions[key]?.contentHash {
        cloud.sessions[key] = kept
        report.uploaded.append(key)
      }
    } else {
      let kept = meet(templates[key], cloud.templates[key], key) {
        WorkoutConflicts.merge(local: $0, cloud: $1, policy: policy)
      }
      templates[key] = kept
      if let kept, kept.contentHash != cloud.templates[key]?.contentHash {
        cloud.templates[key] = kept
        report.uploaded.append(key)
      }
    }
  }

  /// The version to keep of `local` and `cloud`: their merge, the one that exists, or none when
  /// only the cloud's exists and a deletion recorded here applies to it.
  private func meet<Entity>(
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
