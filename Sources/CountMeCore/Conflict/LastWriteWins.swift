import Foundation

/// An entity whose versions on two devices are reconciled by last-write-wins (seed 002's
/// "standard entities": food items, exercise items, custom meals).
public protocol LastWriteWinsEntity: Codable, Equatable, Sendable {
  /// Its identity, the same on every device.
  var id: UUID { get }
  /// When it was last changed.
  var lastModified: Date { get set }
  /// Where it stands with the cloud: bookkeeping of one store, never content.
  var syncStatus: SyncStatus { get set }
}

extension FoodItem: LastWriteWinsEntity {}
extension ExerciseItem: LastWriteWinsEntity {}
extension CustomMeal: LastWriteWinsEntity {}

/// How two devices' versions of one entity become one, as pure functions: every device and the
/// cloud apply them, in whatever order versions meet, and must end with the same data.
///
/// The rules, chosen so that the result does not depend on the order (each function is
/// commutative, associative and idempotent):
/// - **Last write wins** by `lastModified`. **On a tie**, the version whose content (every field
///   but `syncStatus`, encoded as sorted-key JSON) sorts last wins: an arbitrary choice, but the
///   same on every device. NB: seed 002's `local > cloud ? local : cloud` keeps a different
///   version on each side of a tie, so it is not used.
/// - **A daily log merges** (seed 002, 8.4); see `mergeLogs`.
public enum Reconcile {
  /// The version every device keeps of two versions of one entity.
  public static func lastWriteWins<T: LastWriteWinsEntity>(_ a: T, _ b: T) -> T {
    if a.lastModified != b.lastModified { return a.lastModified > b.lastModified ? a : b }
    return contentKey(b).lexicographicallyPrecedes(contentKey(a)) ? a : b
  }

  /// `value` without its sync status, as sorted-key JSON: the order of a tie.
  static func contentKey<T: LastWriteWinsEntity>(_ value: T) -> Data {
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
