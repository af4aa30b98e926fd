import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation

/// A daily log as the devices runs sync it: its own document, a day of its own, no items.
///
/// A daily log as the devices runs sync it: the log's own document in `dailyLogs`, synced by the
/// implementation's device sync of logs like any collection, so that F12–F20, F22, F23, F29, F30
/// and P32 judge a log created, changed (its goal), deleted and migrated through the cloud. A log's
/// items and their rules (the merge, the order, the wait for items to upload) are F21's runs'
/// (`CloudLogRun`): here a log holds none, and its conflict rule is then last-write-wins on its head.
///
/// Slot `s`'s log is the day `89 + s` days before the run's start (a midnight in UTC): one log a
/// day, as the app keeps them, around the 90-day retention boundary, so that a device that runs
/// retention (F26) keeps log 0, keeps log 1 exactly while its clock is at the run's start or behind
/// (then 90 days old to the millisecond) and drops it a millisecond later, and drops logs 2 and 3.
/// An edit step sets its goal to the step's calories.
extension DailyLog: DevicesRunEntity {
  package static var collection: String { "dailyLogs" }
  package static var noun: String { "daily log" }
  package static var caloriesField: String { "dailyGoal" }

  /// Log `slot`'s day with a goal of `calories`, no items.
  package static func edited(_ slot: Int, calories: Int, uid: String) -> EntityVersion {
    var log = DailyLogArguments()
    (log.id, log.date) = (DevicesRun.id(slot), date(ofSlot: slot))
    (log.dailyGoal, log.userId, log.syncStatus) = (Double(calories), uid, .pendingUpload)
    log.lastModified = DevicesRun.start
    return .dailyLog(log)
  }

  /// The log's head its document holds, its id lists arrays of ids (of no items: a run adds none).
  ///
  /// The schema's item lists are the items themselves, which a log's document does not hold
  /// (`inDocument: false`): read as none, as `CloudLogRun`'s cloud view reads them before it looks
  /// the items up.
  /// Log `slot`'s day: the midnight `89 + slot` days before the run's start, as CountMe's description dates it.
  package static func date(ofSlot slot: Int) -> Date { CountMeCollections.logDay(slot) }

  package static func reading(_ fields: [String: Any]) -> EntityVersion? {
    guard fields["foodItemIds"] is [String], fields["exerciseItemIds"] is [String] else { return nil }
    var fields = fields
    (fields["foodItems"], fields["exerciseItems"]) = ([Any](), [Any]())
    return ModelSchemas.dailyLog.arguments(reading: fields).map(EntityVersion.dailyLog)
  }

  package static func make(_ version: EntityVersion) throws -> DailyLog {
    guard case .dailyLog(let a) = version else { preconditionFailure("\(version) is no daily log") }
    return try a.construct()
  }

  package var version: EntityVersion { .dailyLog(DailyLogArguments(self)) }
}
