import Foundation

/// Seed 002's retention policy: daily logs older than 90 days are deleted everywhere.
///
/// Seed 002's retention policy (requirements 11.1–11.5): daily logs older than 90 days are deleted,
/// locally and, through the deletion's sync, in the cloud and on every device; custom meals, items
/// and the goal are never deleted for their age.
///
/// **Where the boundary falls.** A log's age is `now − log.date`, in whole milliseconds, and it
/// is deleted when that age is *more* than 90 days of 86,400 s: a log exactly 90 days old is kept,
/// one a millisecond older is deleted. No calendar and no time zone are involved: `date` is the
/// instant of the midnight the app normalised it to (the user's own midnight), so a log is deleted
/// at that same wall-clock midnight 90 days on (an hour off across a daylight-saving change), on
/// whichever device runs retention first; `now` is that device's clock. The age is rounded to the
/// millisecond because both instants are binary floating point: a log exactly 90 days old must not
/// be deleted because of a rounding error of 10⁻⁷ s (which happens, e.g., when the 90 days straddle
/// 2038-01-19, where the two instants are rounded with different precision; `RetentionTests`).
public enum Retention {
  /// How long a daily log is kept: 90 days, in milliseconds.
  public static let periodMilliseconds: Int64 = 90 * 86_400_000

  /// Whether `log` is due for deletion at `now`: more than 90 days old, to the millisecond.
  public static func isExpired(_ log: DailyLog, now: Date) -> Bool {
    let age = (now.timeIntervalSince(log.date) * 1_000).rounded()
    return age > Double(periodMilliseconds)
  }
}

extension UserData {
  /// Runs retention at `now`: every expired daily log is deleted (a deletion at `now`, which syncs
  /// like a user's), nothing else is touched.
  ///
  /// Returns the deleted logs' ids in order, so the app can queue their cloud deletions.
  @discardableResult
  public mutating func applyRetention(now: Date) -> [UUID] {
    let expired = dailyLogs.entities.filter { Retention.isExpired($0, now: now) }.map(\.id)
    for id in expired { dailyLogs.delete(id, now: now) }
    return expired
  }
}
