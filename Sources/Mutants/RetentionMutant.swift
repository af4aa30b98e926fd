import CountMeContract
import CountMeCore
import Foundation

/// One bug in seed 002's retention; everything else is the reference.
struct RetentionMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// Logs are kept a day longer: deleted only when more than 91 days old.
    case keepsADayLonger
    /// A log exactly 90 days old is deleted (`>=` where the policy says "older than").
    case deletesAtNinetyDays
    /// Age is measured from the log's `lastModified`, not its date: an old day edited lately stays.
    case ageFromLastModified
    /// The log is removed from the device, but no deletion is recorded, so a sync brings it back.
    case deletesWithoutTombstone
    /// Custom meals last modified more than 90 days ago are deleted too.
    case deletesOldMeals
    /// A goal last changed more than 90 days ago is removed too.
    case removesOldGoal
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  /// Whether `date` is more than `days` days before `now`.
  private func older(_ date: Date, than days: Double, at now: Date) -> Bool {
    now.timeIntervalSince(date) > days * 86_400
  }

  func applyRetention(to data: UserData, now: Date) -> UserData {
    var kept = data
    switch bug {
    case .keepsADayLonger:
      for log in data.dailyLogs.entities where older(log.date, than: 91, at: now) {
        kept.dailyLogs.delete(log.id, now: now)
      }
    case .deletesAtNinetyDays:
      for log in data.dailyLogs.entities where now.timeIntervalSince(log.date) >= 90 * 86_400 {
        kept.dailyLogs.delete(log.id, now: now)
      }
    case .ageFromLastModified:
      for log in data.dailyLogs.entities where older(log.lastModified, than: 90, at: now) {
        kept.dailyLogs.delete(log.id, now: now)
      }
    case .deletesWithoutTombstone:
      let reference = ReferenceSystem().applyRetention(to: data, now: now)
      kept.dailyLogs = EntityStore(live: reference.dailyLogs.live, deleted: data.dailyLogs.deleted)
    case .deletesOldMeals:
      kept = ReferenceSystem().applyRetention(to: data, now: now)
      for meal in data.customMeals.entities where older(meal.lastModified, than: 90, at: now) {
        kept.customMeals.delete(meal.id, now: now)
      }
    case .removesOldGoal:
      kept = ReferenceSystem().applyRetention(to: data, now: now)
      if let goal = data.goal, older(goal.lastModified, than: 90, at: now) { kept.goal = nil }
    }
    return kept
  }
}
