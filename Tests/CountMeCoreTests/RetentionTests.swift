import Foundation
import Testing

@testable import CountMeCore

@Suite("Seed 002 retention: logs older than 90 days go, meals and goals stay")
struct RetentionTests {
  /// 2026-01-01T00:00:00Z.
  static let now = Date(timeIntervalSince1970: 1_767_225_600)
  static let day: TimeInterval = 86_400

  static func log(_ slot: UInt8, age: TimeInterval) -> DailyLog {
    Fixture.valid {
      try DailyLog(
        id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, slot)),
        date: now.addingTimeInterval(-age),
        lastModified: now, syncStatus: .synced)
    }
  }

  @Test(
    "the boundary: exactly 90 days old is kept, a millisecond older is deleted",
    arguments: [
      (90 * day, false), (90 * day + 0.001, true), (90 * day - 0.001, false), (91 * day, true), (0, false),
    ] as [(TimeInterval, Bool)]
  )
  func boundary(age: TimeInterval, expired: Bool) {
    #expect(Retention.isExpired(Self.log(1, age: age), now: Self.now) == expired)
  }

  @Test("a log exactly 90 days old is kept even where the two instants round differently")
  func boundaryIsExactWhateverTheRounding() {
    // Whole-millisecond instants whose 90 days straddle 2³¹ s after 1970 (2038-01-19): the two are
    // rounded to doubles of different precision, so their raw difference can exceed 90 days.
    let straddle: Int64 = (1 << 31) * 1_000 - 7_776_000_000
    for offset in stride(from: Int64(0), to: 7_776_000_000, by: 3_600_001) {
      let date = Date(timeIntervalSince1970: Double(straddle + offset) / 1_000)
      let now = Date(timeIntervalSince1970: Double(straddle + offset + 7_776_000_000) / 1_000)
      let log = Fixture.valid { try DailyLog(id: Fixture.id, date: date, lastModified: date) }
      #expect(!Retention.isExpired(log, now: now), "a log dated \(date) deleted at exactly 90 days")
    }
  }

  @Test("retention deletes the expired logs with a deletion at now, and touches nothing else")
  func applyRetention() {
    let old = Self.log(1, age: 120 * Self.day), recent = Self.log(2, age: 3 * Self.day)
    var meal = Fixture.meal
    meal.lastModified = Self.now.addingTimeInterval(-3_650 * Self.day)
    let goal = Fixture.valid {
      try UserGoal(
        dailyCalorieGoal: 1_800, createdAt: Self.now.addingTimeInterval(-1_000 * Self.day),
        lastModified: Self.now.addingTimeInterval(-1_000 * Self.day))
    }
    var data = UserData(
      customMeals: EntityStore(live: [meal.id: meal]),
      dailyLogs: EntityStore(live: [old.id: old, recent.id: recent]), goal: goal)
    let before = data
    #expect(data.applyRetention(now: Self.now) == [old.id])
    #expect(data.dailyLogs.live == [recent.id: recent])
    #expect(data.dailyLogs.deleted == [old.id: Self.now])
    #expect(data.customMeals == before.customMeals && data.goal == before.goal)
    #expect(data.applyRetention(now: Self.now).isEmpty, "a second pass finds nothing more")
  }

  @Test("a deletion by retention reaches another store through merge, and wins over its edit")
  func retentionSyncs() {
    let old = Self.log(1, age: 100 * Self.day)
    var device = UserData(dailyLogs: EntityStore(live: [old.id: old]))
    var other = device
    let edited = Fixture.valid {
      try DailyLog(id: old.id, date: old.date, dailyGoal: 1_500, lastModified: Self.now)
    }
    other.dailyLogs.edit(edited, now: Self.now.addingTimeInterval(60))
    device.applyRetention(now: Self.now)
    other.merge(device)
    #expect(other.dailyLogs.live.isEmpty && other.dailyLogs.deleted[old.id] == Self.now)
  }
}

@Suite("UserGoal and UserData")
struct UserGoalTests {
  @Test("a goal is checked like a day's goal", arguments: [-1, 50_001])
  func invalid(goal: Int) {
    #expect(throws: ValidationError.self) { try UserGoal(dailyCalorieGoal: goal, createdAt: Fixture.date) }
  }

  @Test("0 and 50,000 are valid goals, and a goal survives a JSON round trip", arguments: [0, 50_000])
  func valid(goal: Int) throws {
    let made = try UserGoal(
      dailyCalorieGoal: goal, createdAt: Fixture.date, userId: Fixture.owner, lastModified: Fixture.later)
    #expect(made.dailyCalorieGoal == goal)
    #expect(try JSONDecoder().decode(UserGoal.self, from: JSONEncoder().encode(made)) == made)
  }

  @Test("decoding a goal goes through the validating initialiser")
  func decodingValidates() throws {
    var json =
      try JSONSerialization.jsonObject(
        with: JSONEncoder().encode(try UserGoal(dailyCalorieGoal: 2_000, createdAt: Fixture.date)))
      as? [String: Any] ?? [:]
    json["dailyCalorieGoal"] = 60_000
    let data = try JSONSerialization.data(withJSONObject: json)
    #expect(throws: ValidationError.self) { try JSONDecoder().decode(UserGoal.self, from: data) }
  }

  @Test("merging goals keeps the later one whichever side it is on; setting one outdates a newer clock's")
  func goalLastWriteWins() throws {
    let early = try UserGoal(dailyCalorieGoal: 1_500, createdAt: Fixture.date, lastModified: Fixture.date)
    let late = try UserGoal(dailyCalorieGoal: 2_500, createdAt: Fixture.date, lastModified: Fixture.later)
    for (mine, theirs) in [(early, late), (late, early)] {
      var data = UserData(goal: mine)
      data.merge(UserData(goal: theirs))
      #expect(data.goal == late)
    }
    var empty = UserData()
    empty.merge(UserData(goal: early))
    #expect(empty.goal == early, "a place with no goal takes the other's")
    // A device whose clock is behind the goal it shows still replaces it.
    var behind = UserData(goal: late)
    behind.setGoal(early, now: Fixture.date)
    #expect(behind.goal?.dailyCalorieGoal == 1_500 && behind.goal!.lastModified > late.lastModified)
  }
}
