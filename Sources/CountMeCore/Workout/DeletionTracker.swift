import Foundation

/// A deletion a device remembers (seed 004's `DeletionRecordEntity`): what was deleted, when, and
/// when the record reached the cloud.
public struct DeletionRecord: Hashable, Codable, Sendable {
  /// The entity deleted.
  public var key: WorkoutKey
  /// When it was deleted.
  public var deletedAt: Date
  /// When the record reached the cloud; nil until it has.
  public var syncedAt: Date?

  /// Creates a `DeletionRecord` from its parts.
  public init(key: WorkoutKey, deletedAt: Date, syncedAt: Date?) {
    self.key = key
    self.deletedAt = deletedAt
    self.syncedAt = syncedAt
  }
}

/// Seed 004, 2.4: a device's deletion records, at most one per entity, cleaned once synced and older
/// than the policy's retention.
public struct DeletionTracker: Hashable, Sendable {
  /// The records, by entity.
  public private(set) var records: [WorkoutKey: DeletionRecord] = [:]

  /// Creates an empty tracker.
  public init() {}

  /// A tracker holding `records`, one per entity (the last of two of one entity).
  public init(records: [DeletionRecord]) {
    self.records = Dictionary(records.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// The records in key order.
  public var sorted: [DeletionRecord] { records.values.sorted { $0.key < $1.key } }

  /// Records that `key` was deleted at `deletedAt`, synced at `syncedAt`.
  ///
  /// A record the device already holds is kept as it is (seed 004: "checks for existing record before
  /// creating").
  public mutating func record(_ key: WorkoutKey, deletedAt: Date, syncedAt: Date? = nil) {
    guard records[key] == nil else { return }
    records[key] = DeletionRecord(key: key, deletedAt: deletedAt, syncedAt: syncedAt)
  }

  /// Marks `key`'s record synced at `now`.
  public mutating func markSynced(_ key: WorkoutKey, now: Date) {
    records[key]?.syncedAt = now
  }

  /// Removes every record that is synced and was deleted more than `retention` seconds before
  /// `now`; an unsynced record is never removed.
  ///
  /// With no retention, nothing is.
  public mutating func cleanUp(now: Date, retention: TimeInterval?) {
    guard let retention else { return }
    records = records.filter { _, record in
      record.syncedAt == nil || now.timeIntervalSince(record.deletedAt) <= retention
    }
  }
}
