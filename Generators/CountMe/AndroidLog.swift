import CountMeContract
import CountMeCore
import FirestoreCloud
import Foundation
import Generators

/// A valid daily log a device saves, and the zone it is in: the input of X2.2 and X2.4.
package struct SavedLog: Sendable, Equatable {
  /// The log, as the app builds it.
  package var log: DailyLogArguments
  /// The device's zone at the save.
  package var zone: SavingZone

  /// Creates a `SavedLog` from its parts.
  package init(log: DailyLogArguments, zone: SavingZone) {
    self.log = log
    self.zone = zone
  }
}

/// A daily log as the Android client keeps it: an epoch day and a `Long` of seconds.
///
/// A daily log as the Android client keeps it (seed 003): a Kotlin data class whose `date` is a
/// `LocalDate` (an epoch day) and `updatedAt` a `Long` of seconds.
///
/// The harness's Android client (in CountMeProperties) writes and reads it.
package struct AndroidLog: Sendable, Equatable {
  /// Its identity.
  package var id: UUID
  /// The owner's uid.
  package var userId: String
  /// The log's day, an epoch day.
  package var epochDay: Int64
  /// The ids of the day's food items.
  package var foodItemIds: [UUID]
  /// The ids of the day's exercise items.
  package var exerciseItemIds: [UUID]
  /// Calories eaten that day.
  package var totalCalories: Double
  /// The calorie goal, or nil.
  package var dailyGoal: Double?
  /// Whole seconds since 1970 at the last change.
  package var updatedAt: Int64

  /// Creates an `AndroidLog` from its parts.
  package init(
    id: UUID, userId: String, epochDay: Int64, foodItemIds: [UUID], exerciseItemIds: [UUID],
    totalCalories: Double, dailyGoal: Double?, updatedAt: Int64
  ) {
    self.id = id
    self.userId = userId
    self.epochDay = epochDay
    self.foodItemIds = foodItemIds
    self.exerciseItemIds = exerciseItemIds
    self.totalCalories = totalCalories
    self.dailyGoal = dailyGoal
    self.updatedAt = updatedAt
  }
}

extension Gen {
  /// A valid log with an owner, saved in any zone (`savingZone`).
  package static let savedLog: Generator<Tagged<SavedLog>> = zip(zip(validDailyLog, ownerId), savingZone).map
  {
    logOwner, zone in
    var log = logOwner.0.value
    log.userId = logOwner.1
    return Tagged(SavedLog(log: log, zone: zone), tags: logOwner.0.tags + [zone.tag])
  }

  /// Days a log's date trips on: Firestore's first and last, and the local days either side of them.
  ///
  /// Days a log's date trips on: Firestore's first and last, the local days either side of them
  /// (0000-12-31 at 0001-01-01T00:00Z in a zone west of UTC, 10000-01-01 at 9999-12-31T23:00Z in
  /// one east of it), 1970's edges, and the days in
  /// `SavingZone.realZones` whose midnight is skipped (São Paulo, 2010-10-17), repeated (Havana,
  /// 2010-10-31) or that are skipped whole (Apia, 2011-12-30).
  static let edgeDays: [Int64] = [
    SavingZone.firstDay, SavingZone.lastDay, SavingZone.firstDay - 1, SavingZone.lastDay + 1, 0, -1, 14_899,
    14_913, 15_338,
  ]

  /// A log as the Android client holds it, often on an edge day.
  ///
  /// A log as the Android client holds it: any day of years 1 to 9999 (often an edge day), any
  /// second of them, up to four items of each kind, calories and a goal in range.
  package static let androidLog: Generator<Tagged<AndroidLog>> = Generator { source in
    let day = try source.draw(
      biased(
        toward: edgeDays.map(Int.init), probability: 0.4,
        otherwise: int(in: Int(SavingZone.firstDay)...Int(SavingZone.lastDay), shrinkingToward: 0)))
    let second = try source.draw(
      biased(
        toward: [Int(FirestoreTime.firstSecond), Int(FirestoreTime.lastSecond), 0, -1], probability: 0.2,
        otherwise: int(in: Int(FirestoreTime.firstSecond)...Int(FirestoreTime.lastSecond), shrinkingToward: 0)
      ))
    let log = AndroidLog(
      id: try source.draw(uuid), userId: try source.draw(ownerId), epochDay: Int64(day),
      foodItemIds: try source.draw(array(of: uuid, count: 0...4, averageExtra: 1)),
      exerciseItemIds: try source.draw(array(of: uuid, count: 0...4, averageExtra: 0.5)),
      totalCalories: try source.draw(double(in: 0...ValidationConstants.maxCalories * 10)),
      dailyGoal: try source.draw(validGoal), updatedAt: Int64(second))
    var tags = ["AndroidLog.valid"]
    if day < 0 { tags.append("Day.before1970") }
    if edgeDays.contains(Int64(day)) { tags.append("Day.edge") }
    return Tagged(log, tags: tags)
  }
}
