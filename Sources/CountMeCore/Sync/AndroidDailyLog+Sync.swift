import Foundation

/// Seed 003's daily log, synced as any entity in the Android format.
///
/// Seed 003's daily log, synced as any entity: a `CollectionSync<AndroidDailyLog>` keeps a device's
/// logs in the Android format (zone-free: a day is an epoch day), and the app shows each one in
/// the zone it is in (`dailyLog(in:)`).
///
/// Conflicts are seed 003's (5.6): last write wins by `updatedAt`. Two rules make that work at a
/// resolution of one second, and the Android client must keep both (`docs/rules.md`, "Android
/// parity"):
/// - **An edit is stamped a whole second later than the version it replaces**, even within the
///   same second (`editStamp`): else a second edit made within a second of the first ties with it,
///   and the device could take its own first edit back from the cloud (a lost update).
/// - **A tie goes by content, the same on both platforms** (`reconcile`): two devices that edit
///   within one second write the same `updatedAt`, and a rule that keeps the local version on a
///   tie leaves each device with its own forever. Of two versions with one `updatedAt`, the one
///   with more `totalCalories` wins; then the greater `dailyGoal` (none is least); then the later
///   `date`; then the item ids, as their lower-case texts joined with commas, in code-point order;
///   then `userId` the same way. So one of two edits made within a second wins everywhere, not
///   necessarily the later: a documented tie, not a lost update.
extension AndroidDailyLog: CloudSyncedEntity, StoredEntity {
  /// `.dailyLog`: the same collection as the iOS document's.
  public static var entityType: EntityType { .dailyLog }

  /// `updatedAt` as a `Date`; setting it keeps the whole seconds, toward the past.
  public var lastModified: Date {
    get { Date(timeIntervalSince1970: Double(updatedAt)) }
    set { updatedAt = Self.seconds(of: newValue) }
  }

  /// The later of `now` and a second after `previous`, in whole seconds (the seconds of `now`,
  /// toward the past).
  public static func editStamp(now: Date, replacing previous: Date?) -> Date {
    let second = seconds(of: now)
    guard let previous else { return Date(timeIntervalSince1970: Double(second)) }
    return Date(timeIntervalSince1970: Double(max(second, seconds(of: previous) + 1)))
  }

  /// The version both platforms keep: the later `updatedAt`, a tie by the order above; equal
  /// content keeps `b`.
  public static func reconcile(_ a: AndroidDailyLog, _ b: AndroidDailyLog) -> AndroidDailyLog {
    if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt ? a : b }
    return tieOrder(b, before: a) ? a : b
  }

  /// Whether `a` loses a tie to `b` (false when they hold the same content).
  ///
  /// NB: numbers that compare equal but differ in their bits (0 and -0) go by their bits, and texts by their
  /// code points, never Swift's canonical equivalence: else two different versions would each lose to the
  /// other's copy, and `reconcile` would keep whichever came second.
  static func tieOrder(_ a: AndroidDailyLog, before b: AndroidDailyLog) -> Bool {
    func ids(_ list: [UUID]) -> String { list.map(documentId).joined(separator: ",") }
    func number(_ x: Double, _ y: Double) -> Bool? {
      if x != y { return x < y }
      return x.bitPattern == y.bitPattern ? nil : x.bitPattern < y.bitPattern
    }
    func text(_ x: String, _ y: String) -> Bool? {
      let (p, q) = (Array(x.unicodeScalars), Array(y.unicodeScalars))
      return p == q ? nil : p.lexicographicallyPrecedes(q) { $0.value < $1.value }
    }
    let verdicts: [() -> Bool?] = [
      { number(a.totalCalories, b.totalCalories) }, { number(a.dailyGoal ?? -1, b.dailyGoal ?? -1) },
      { a.epochDay == b.epochDay ? nil : a.epochDay < b.epochDay },
      { text(ids(a.foodItemIds), ids(b.foodItemIds)) },
      { text(ids(a.exerciseItemIds), ids(b.exerciseItemIds)) },
      { text(a.userId, b.userId) },
    ]
    for verdict in verdicts {
      if let decided = verdict() { return decided }
    }
    return false
  }
}
