import CountMeContract
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 2.3: a daily log saved on Android is readable by the iOS app.
  ///
  /// Seed 003, 2.3 (and 1.6, 6.3): a daily log saved on Android is readable by the iOS app, with
  /// the Android client's field mapping: every day of years 1 to 9999 (negative before 1970, the
  /// days real zones skip or start twice), every second.
  ///
  /// The oracle is the document's own values, as the harness's Android client wrote them: the same
  /// id, owner, item ids in order, calories and goal (by their bits); the last change at exactly
  /// `updatedAt` seconds after 1970; the date the first instant of epoch day `date` in the zone the
  /// iOS app reads it in (`LocalDays.startProblem`: a fixed offset's local midnight exactly).
  static let iOSReadsAndroidLog = PropertySpec(
    id: "X2.3", name: "A log saved on Android is read by iOS as the same log",
    validates: ["2.3", "1.6", "6.3"],
    judges: [.androidFormat], killBudget: 1_000,
    generator: { _ in
      Gen.zip(Gen.androidLog, Gen.savingZone).map { log, zone in
        Tagged(AndroidWrittenLog(log: log.value, zone: zone), tags: log.tags + [zone.tag])
      }
    },
    encode: \.json, decode: { json, _ in try AndroidWrittenLog(json: json, path: "input") },
    expect: { _ in .holds("the iOS app reads the Android document as the log the Android client saved") },
    observe: { input, system in
      let log = input.log, zone = input.zone
      let read: LogDocumentArguments
      do {
        read = try system.androidFormat.decodeAndroidDailyLog(log.document.dictionary, readIn: zone.timeZone)
      } catch {
        return .broke(
          "the iOS app refused the Android client's log of day \(log.epochDay): \(ModelProperties.describe(error))"
        )
      }
      let asRead = AndroidLog(
        id: read.id, userId: read.userId, epochDay: log.epochDay, foodItemIds: read.foodItemIds,
        exerciseItemIds: read.exerciseItemIds, totalCalories: read.totalCalories, dailyGoal: read.dailyGoal,
        updatedAt: log.updatedAt)
      if let wrong = difference(asRead, log) {
        return .broke("the iOS app read the Android log with \(wrong)")
      }
      guard let parts = FirestoreTime.parts(of: read.lastModified), parts.seconds == log.updatedAt,
        parts.nanoseconds == 0
      else {
        return .broke(
          "updatedAt \(log.updatedAt) was read as \(FirestoreTime.text(read.lastModified)), not that second")
      }
      return LocalDays.startProblem(read.date, day: log.epochDay, in: zone).map { .broke($0) } ?? .holds
    }
  ).erased
}
