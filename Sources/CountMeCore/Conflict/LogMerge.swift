import Foundation

extension Reconcile {
  /// Two versions of one day's log merged: every item of either, except those `deleted`.
  ///
  /// Two versions of one day's log, merged (seed 002, 8.4): every food and exercise item of either
  /// version, once per id (two versions of one item by last-write-wins), except those whose id is
  /// in `deleted` (a deletion wins over any version of the item); the items in order of time, then
  /// id.
  ///
  /// The date, goal and owner come from the version whose `(lastModified, date, goal, owner)` sorts last, and
  /// the merge keeps that `lastModified`, the later of the two.
  ///
  /// NB: seed 002 stamps a merge with the current time, so merging a log with itself changes it and
  /// two devices that sync in turn never stop re-uploading it; the later of the two is used instead.
  /// The totals are computed from the items, so they are recomputed by construction.
  ///
  /// - Throws: `ValidationError` only if a version's goal is invalid, which a `DailyLog` cannot be.
  public static func mergeLogs(_ a: DailyLog, _ b: DailyLog, deleted: Set<UUID>) throws -> DailyLog {
    let head = headPrecedes(b, a) ? a : b
    return try DailyLog(
      id: head.id, date: head.date,
      foodItems: union(a.foodItems, b.foodItems, deleted: deleted, time: \.timestamp),
      exerciseItems: union(a.exerciseItems, b.exerciseItems, deleted: deleted, time: \.timestamp),
      dailyGoal: head.dailyGoal, userId: head.userId, lastModified: head.lastModified,
      syncStatus: head.syncStatus)
  }

  /// Whether `b`'s head sorts before `a`'s by `headKey`.
  ///
  /// Encoding them only when their stamps are the same and their heads are not (NB: encoding every head was a
  /// quarter of a retention run).
  private static func headPrecedes(_ b: DailyLog, _ a: DailyLog) -> Bool {
    let (stampB, stampA) = (stampKey(b), stampKey(a))
    if stampB != stampA { return stampB < stampA }  // the key's first 8 bytes, big-endian
    if Same.date(b.date, a.date) && Same.number(b.dailyGoal, a.dailyGoal) && Same.text(b.userId, a.userId) {
      return false  // equal keys
    }
    return headKey(b).lexicographicallyPrecedes(headKey(a))
  }

  /// What orders two logs' heads: the later `lastModified` (`stampKey`, big-endian), then the head's
  /// content as sorted-key JSON.
  ///
  /// NB: never the items, which a merge changes, so that merging is associative.
  private static func headKey(_ log: DailyLog) -> Data {
    struct Head: Encodable {
      let date: Date
      let dailyGoal: Double?
      let userId: String
    }
    var key = Data()
    withUnsafeBytes(of: stampKey(log).bigEndian) { key.append(contentsOf: $0) }
    key.append(canonical(Head(date: log.date, dailyGoal: log.dailyGoal, userId: log.userId)))
    return key
  }

  /// An order-preserving key of a log's `lastModified`: its Double's bits with the sign bit of a
  /// positive flipped, or every bit of a negative.
  private static func stampKey(_ log: DailyLog) -> UInt64 {
    let stamp = log.lastModified.timeIntervalSinceReferenceDate.bitPattern
    return stamp >> 63 == 0 ? stamp | (1 << 63) : ~stamp
  }

  private static func union<T: LastWriteWinsEntity>(
    _ a: [T], _ b: [T], deleted: Set<UUID>, time: KeyPath<T, Date>
  ) -> [T] {
    var byID: [UUID: T] = [:]
    for item in a + b where !deleted.contains(item.id) {
      byID[item.id] = byID[item.id].map { lastWriteWins($0, item) } ?? item
    }
    return byID.values.sorted {
      ($0[keyPath: time], $0.id.idText) < ($1[keyPath: time], $1.id.idText)
    }
  }
}
