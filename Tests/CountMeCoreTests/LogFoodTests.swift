import Foundation
import Testing

@testable import CountMeCore

@Suite("Food in a day's log: added on any device, removed for good")
struct LogFoodTests {
  static let start = Date(timeIntervalSince1970: 1_767_225_600)
  static let logID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xE0, 0))

  static func food(_ slot: UInt8) -> FoodItem {
    Fixture.valid {
      try FoodItem(
        id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xE3, slot)), name: "food \(slot)",
        calories: 100, timestamp: start, userId: "uid-alice")
    }
  }

  static var withLog: UserData {
    let log = Fixture.valid {
      try DailyLog(id: logID, date: start, userId: "uid-alice", lastModified: start, syncStatus: .synced)
    }
    return UserData(dailyLogs: EntityStore(live: [logID: log]))
  }

  @Test("an item removed after the other place saw it does not come back when they sync")
  func removedStaysRemoved() {
    var device = Self.withLog
    let added = device.addFood(Self.food(0), toLog: Self.logID, now: Self.start.addingTimeInterval(1))
    #expect(added)
    var cloud = Self.withLog
    cloud.merge(device)
    let removed = device.removeFood(
      Self.food(0).id, fromLog: Self.logID, now: Self.start.addingTimeInterval(2))
    #expect(removed)
    cloud.merge(device)
    device.merge(cloud)
    #expect(cloud.dailyLogs.live[Self.logID]?.foodItems.isEmpty == true)
    #expect(device.dailyLogs.live[Self.logID]?.foodItems.isEmpty == true)
    #expect(cloud == device)
  }

  @Test("two places that add different food to one log both keep both, in order of time then id")
  func concurrentAdds() {
    var a = Self.withLog, b = Self.withLog
    a.addFood(Self.food(1), toLog: Self.logID, now: Self.start.addingTimeInterval(1))
    b.addFood(Self.food(0), toLog: Self.logID, now: Self.start.addingTimeInterval(1))
    a.merge(b)
    b.merge(a)
    #expect(a.dailyLogs.live[Self.logID]?.foodItems.map(\.id) == [Self.food(0).id, Self.food(1).id])
    #expect(a == b)
  }

  @Test("food is neither added to a log this place does not have, nor removed from one that lacks it")
  func refused() {
    var data = UserData()
    let added = data.addFood(Self.food(0), toLog: Self.logID, now: Self.start)
    #expect(!added && data.foodItems.live.isEmpty)
    data = Self.withLog
    let removed = data.removeFood(Self.food(0).id, fromLog: Self.logID, now: Self.start)
    #expect(!removed && data.foodItems.deleted.isEmpty)
  }
}
