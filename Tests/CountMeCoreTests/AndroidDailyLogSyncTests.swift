import Foundation
import Testing

@testable import CountMeCore

@Suite("Android daily logs, synced")
struct AndroidDailyLogSyncTests {
  static func log(calories: Double, goal: Double? = nil, updatedAt: Int64, userId: String = "u1")
    -> AndroidDailyLog
  {
    AndroidDailyLog(
      id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10)), userId: userId, epochDay: 19_792,
      foodItemIds: [], exerciseItemIds: [], totalCalories: calories, dailyGoal: goal, updatedAt: updatedAt)
  }

  @Test("an edit is stamped in whole seconds, a second after the version it replaces when that is later")
  func stamps() {
    let now = Date(timeIntervalSince1970: 1_000.75)
    #expect(AndroidDailyLog.editStamp(now: now, replacing: nil) == Date(timeIntervalSince1970: 1_000))
    #expect(
      AndroidDailyLog.editStamp(now: now, replacing: Date(timeIntervalSince1970: 1_000))
        == Date(timeIntervalSince1970: 1_001))
    #expect(
      AndroidDailyLog.editStamp(now: now, replacing: Date(timeIntervalSince1970: 5_000))
        == Date(timeIntervalSince1970: 5_001))
    #expect(
      AndroidDailyLog.editStamp(now: now, replacing: Date(timeIntervalSince1970: 900))
        == Date(timeIntervalSince1970: 1_000))
  }

  @Test("two edits within a second on one device: the second is stamped later and stays")
  func noLostUpdate() throws {
    var store = EntityStore<AndroidDailyLog>()
    let now = Date(timeIntervalSince1970: 1_000.2)
    store.edit(Self.log(calories: 900, updatedAt: 0), now: now)
    let first = try #require(store.live.values.first)
    store.edit(Self.log(calories: 100, updatedAt: 0), now: now.addingTimeInterval(0.5))
    let second = try #require(store.live.values.first)
    #expect(second.updatedAt == first.updatedAt + 1)
    // The first, come back from the cloud, loses to the second, whatever its content.
    #expect(AndroidDailyLog.reconcile(first, second) == second)
    #expect(AndroidDailyLog.reconcile(second, first) == second)
  }

  @Test("a tie goes by content, the same whichever side is local")
  func tie() {
    let more = Self.log(calories: 500, updatedAt: 7),
      less = Self.log(calories: 400, goal: 2_000, updatedAt: 7)
    #expect(AndroidDailyLog.reconcile(more, less) == more && AndroidDailyLog.reconcile(less, more) == more)
    let goal = Self.log(calories: 500, goal: 0, updatedAt: 7)
    #expect(AndroidDailyLog.reconcile(more, goal) == goal && AndroidDailyLog.reconcile(goal, more) == goal)
    // 0 and -0 compare equal but are two versions: one of them still wins both ways.
    let zero = Self.log(calories: 0, updatedAt: 7), negativeZero = Self.log(calories: -0.0, updatedAt: 7)
    #expect(AndroidDailyLog.reconcile(zero, negativeZero) == AndroidDailyLog.reconcile(negativeZero, zero))
    // Canonically equivalent owners, different code points: still one winner.
    let composed = Self.log(calories: 1, updatedAt: 7, userId: "é"),
      decomposed = Self.log(calories: 1, updatedAt: 7, userId: "e\u{301}")
    #expect(
      AndroidDailyLog.reconcile(composed, decomposed).userId.unicodeScalars.count
        == AndroidDailyLog.reconcile(decomposed, composed).userId.unicodeScalars.count)
  }
}
