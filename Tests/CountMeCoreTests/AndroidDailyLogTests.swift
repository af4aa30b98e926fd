import Foundation
import Testing

@testable import CountMeCore

@Suite("Android daily-log document")
struct AndroidDailyLogTests {
  static let id = UUID(
    uuid: (0x0B, 0x6F, 0x2A, 0x3C, 0x1D, 0x4E, 0x4F, 0x50, 0x8A, 0x61, 0x72, 0xB3, 0xC4, 0xD5, 0xE6, 0xF7))
  static var minusFive: TimeZone {
    get throws { try #require(TimeZone(secondsFromGMT: -5 * 3_600)) }
  }

  static func log() throws -> DailyLog {
    let food = try FoodItem(
      id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xF1)), name: "Rice", calories: 200,
      timestamp: Date(timeIntervalSince1970: 0))
    // Saved 2024-03-10T23:30:00.75-05:00: day 19,792; the change at 1,710,131,400.75 s.
    let saved = Date(timeIntervalSince1970: 1_710_131_400.75)
    return try DailyLog(
      id: id, date: saved, foodItems: [food], dailyGoal: 2_000, userId: "u1", lastModified: saved)
  }

  @Test("the document holds an epoch day, whole seconds and lower-case ids")
  func writes() throws {
    let data = AndroidDailyLog(try Self.log(), savedIn: try Self.minusFive).toFirestoreData()
    #expect(data["date"] as? Int64 == 19_792)
    #expect(data["updatedAt"] as? Int64 == 1_710_131_400)
    #expect(data["id"] as? String == "0b6f2a3c-1d4e-4f50-8a61-72b3c4d5e6f7")
    #expect(data["totalCalories"] as? Double == 200)
    #expect(data["dailyGoal"] as? Double == 2_000)
    #expect(data["lastModified"] == nil && data["syncStatus"] == nil)
    #expect(Set(data.keys).count == 8)
  }

  @Test("read back, the log starts its local day and was changed at the whole second")
  func reads() throws {
    var document = AndroidDailyLog(try Self.log(), savedIn: try Self.minusFive)
    let read = try AndroidDailyLog.fromFirestoreData(document.toFirestoreData())
    document.syncStatus = .synced  // bookkeeping, never written: a version read is the cloud's
    #expect(read == document)
    let log = try read.dailyLog(in: try Self.minusFive)
    #expect(log.date == Date(timeIntervalSince1970: 19_792 * 86_400 + 5 * 3_600))
    #expect(log.lastModified == Date(timeIntervalSince1970: 1_710_131_400))
    #expect(read.path.description == "users/u1/dailyLogs/0b6f2a3c-1d4e-4f50-8a61-72b3c4d5e6f7")
  }

  @Test("a day before 1970 is a negative number, and read as one")
  func negativeDay() throws {
    var data = AndroidDailyLog(try Self.log(), savedIn: try Self.minusFive).toFirestoreData()
    data["date"] = Int64(-1)
    #expect(try AndroidDailyLog.fromFirestoreData(data).epochDay == -1)
  }

  @Test(
    "a date or time that is no integer is the wrong type",
    arguments: ["date", "updatedAt"])
  func integersOnly(field: String) throws {
    var data = AndroidDailyLog(try Self.log(), savedIn: try Self.minusFive).toFirestoreData()
    data[field] = 19_792.5
    #expect(throws: SyncError.wrongType(model: "DailyLog", field: field, expected: "integer")) {
      try AndroidDailyLog.fromFirestoreData(data)
    }
    data[field] = Timestamp(seconds: 0, nanoseconds: 0)
    #expect(throws: SyncError.wrongType(model: "DailyLog", field: field, expected: "integer")) {
      try AndroidDailyLog.fromFirestoreData(data)
    }
  }

  @Test(
    "a day or second outside years 1 to 9999 is refused",
    arguments: [("date", 2_932_898), ("updatedAt", 253_402_300_800)])
  func outOfRange(field: String, value: Int64) throws {
    var data = AndroidDailyLog(try Self.log(), savedIn: try Self.minusFive).toFirestoreData()
    data[field] = value
    #expect {
      try AndroidDailyLog.fromFirestoreData(data)
    } throws: { error in
      (error as? SyncError)?.dataViolation?.rule == .outOfRange
    }
  }
}
