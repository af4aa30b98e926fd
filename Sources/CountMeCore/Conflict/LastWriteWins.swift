import Foundation

/// A value whose versions carry their last change's time and their sync status.
///
/// A value whose versions carry the time they were last changed and where they stand with the
/// cloud: what last-write-wins needs (the user's goal, and every stored entity).
public protocol Versioned: Codable, Equatable, Sendable {
  /// When it was last changed.
  var lastModified: Date { get set }
  /// Where it stands with the cloud: bookkeeping of one store, never content.
  var syncStatus: SyncStatus { get set }
  /// Whether `other` has this value's content: every field but `syncStatus`.
  ///
  /// Exactly as their `Reconcile.contentKey`s compare (strings by their UTF-8 bytes, numbers by their bits).
  func hasSameContent(as other: Self) -> Bool
  /// The `lastModified` of a local edit at `now` over a version last modified at `previous`.
  ///
  /// The `lastModified` of a local edit made at `now` over a version last modified at `previous`
  /// (nil for a new value): later than `previous`, to the precision the value's documents keep.
  static func editStamp(now: Date, replacing previous: Date?) -> Date
}

extension Versioned {
  /// `Reconcile.editStamp`: to the microsecond, as Firestore keeps a timestamp.
  public static func editStamp(now: Date, replacing previous: Date?) -> Date {
    Reconcile.editStamp(now: now, replacing: previous)
  }

  /// `Reconcile.contentKey` of both, compared (CountMeCore's models compare their fields).
  public func hasSameContent(as other: Self) -> Bool {
    Reconcile.contentKey(self) == Reconcile.contentKey(other)
  }
}

/// An entity an `EntityStore` holds: an identity the same on every device, and the rule that makes
/// two versions of it one.
public protocol StoredEntity: Versioned {
  /// Its identity, the same on every device.
  var id: UUID { get }
  /// The version every device keeps of two versions of this entity.
  ///
  /// Must be commutative, associative and idempotent, so that stores exchanging versions in any order end
  /// equal.
  static func reconcile(_ a: Self, _ b: Self) -> Self
}

/// An entity whose versions on two devices are reconciled by last-write-wins.
///
/// An entity whose versions on two devices are reconciled by last-write-wins (seed 002's
/// "standard entities": food items, exercise items, custom meals, and the goal).
public protocol LastWriteWinsEntity: StoredEntity {}

extension LastWriteWinsEntity {
  /// `Reconcile.lastWriteWins`.
  public static func reconcile(_ a: Self, _ b: Self) -> Self { Reconcile.lastWriteWins(a, b) }
}

extension FoodItem: LastWriteWinsEntity {}
extension ExerciseItem: LastWriteWinsEntity {}
extension CustomMeal: LastWriteWinsEntity {}

extension DailyLog: StoredEntity {
  /// `Reconcile.mergeLogs` with no item deletions.
  ///
  /// A store of logs keeps no tombstones of the items inside a log, so an item removed from one version of a
  /// log would come back from the other.
  ///
  /// NB: the items' tombstones are in the food and exercise stores; `UserData.merge` hands them to
  /// `EntityStore<DailyLog>.merge(_:deletedItems:)`, which is what keeps a removed item removed.
  public static func reconcile(_ a: DailyLog, _ b: DailyLog) -> DailyLog {
    guard let merged = try? Reconcile.mergeLogs(a, b, deleted: []) else {
      preconditionFailure("merging two valid logs threw")
    }
    return merged
  }
}

/// How two devices' versions of one entity become one, as pure functions.
///
/// Every device and the cloud apply them, in whatever order versions meet, and must end with the same data.
///
/// The rules, chosen so that the result does not depend on the order (each function is
/// commutative, associative and idempotent):
/// - **Last write wins** by `lastModified`. **On a tie**, the version whose content (every field
///   but `syncStatus`, encoded as sorted-key JSON) sorts last wins: an arbitrary choice, but the
///   same on every device. NB: seed 002's `local > cloud ? local : cloud` keeps a different
///   version on each side of a tie, so it is not used.
/// - **A daily log merges** (seed 002, 8.4); see `mergeLogs`.
public enum Reconcile {
  /// The `lastModified` of a local edit at `now`, later than the `previous` version it replaces.
  ///
  /// The `lastModified` of a local edit made at `now` over a version last modified at `previous`
  /// (nil for a new value): `now`, or 1 ms after `previous` when this clock is behind it, so an
  /// edit made after seeing a version wins over it on every device, whatever the clocks say;
  /// to the microsecond (`Timestamp.storedTime`), so the device holds the time the cloud will.
  ///
  /// NB: found by the harness's fidelity gate once the fake stored timestamps as Firestore does:
  /// a log stamped `…00.002000093Z` came back from the cloud as `…00.002Z`, so its device saw the
  /// cloud's copy as another version, merged, and uploaded it again at every pass, forever.
  public static func editStamp(now: Date, replacing previous: Date?) -> Date {
    Timestamp.storedTime(previous.map { max(now, $0.addingTimeInterval(0.001)) } ?? now)
  }

  /// The version every device keeps of two versions of one entity.
  public static func lastWriteWins<T: Versioned>(_ a: T, _ b: T) -> T {
    if a.lastModified != b.lastModified { return a.lastModified > b.lastModified ? a : b }
    // Equal keys: the order below keeps `b` too (a version against a copy of itself, the common tie).
    if a.hasSameContent(as: b) { return b }
    return contentKey(b).lexicographicallyPrecedes(contentKey(a)) ? a : b
  }

  /// `value` without its sync status, as sorted-key JSON: the order of a tie.
  static func contentKey<T: Versioned>(_ value: T) -> Data {
    var content = value
    content.syncStatus = .synced
    return canonical(content)
  }

  /// Sorted-key JSON of `value`; a model always encodes.
  static func canonical<T: Encodable>(_ value: T) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(value) else { preconditionFailure("\(T.self) did not encode") }
    return data
  }
}
