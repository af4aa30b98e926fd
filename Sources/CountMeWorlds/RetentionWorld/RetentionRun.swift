import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// Runs a `RetentionScenario` against a system's retention and store rules.
///
/// Every device and the cloud start with the same data (a synced history), the steps run, and at the end a
/// quiet spell in which every device syncs twice, in order, and (when `settling`) a third time (`settled`).
///
/// The run records each retention pass with the data before and after it, and the food a user added to or
/// removed from a log; F21 and F26–F28 judge.
package struct RetentionRun {
  /// One retention pass: which device, its clock in milliseconds since 1970, its data before and
  /// after.
  package struct Pass {
    package let device: Int
    package let now: Int64
    package let before: UserData
    package let after: UserData
  }

  package let scenario: RetentionScenario
  /// What every place held at the start (`initial(_:)`).
  package let initial: UserData
  package let passes: [Pass]
  /// Each device's data at the end, and the cloud's.
  package let devices: [UserData]
  package let cloud: UserData
  /// Whether any device set a goal during the run.
  package let goalSet: Bool
  /// The food items (`itemID(log, item)`) a user added to a log, and those a user removed.
  package let addedFood: Set<UUID>
  package let removedFood: Set<UUID>
  /// Each device's data and the cloud's once syncing has nothing left to bring.
  ///
  /// Each device's data and the cloud's after one more round of syncs than the quiet spell's two:
  /// what a place holds once syncing has nothing left to bring (empty unless the run was `settling`).
  package let settled: [UserData]

  /// The scenario's start, 2026-01-01T00:00:00Z, in milliseconds since 1970.
  package static let start: Int64 = 1_767_225_600_000
  package static let uid = "uid-alice"

  /// The instant `milliseconds` since 1970.
  package static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
  }

  /// The id of daily log `slot`, of custom meal `slot`.
  package static func logID(_ slot: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xE0, UInt8(slot)))
  }
  package static func mealID(_ slot: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xE1, UInt8(slot)))
  }

  /// The id of food item `item` of log `log`'s `addFood` steps.
  package static func itemID(log: Int, item: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xE3, UInt8(log), UInt8(item)))
  }

  /// Log `slot`'s date, in milliseconds since 1970.
  package func logDate(_ slot: Int) -> Int64 { Self.start - Int64(scenario.logs[slot].age) }

  /// The data every place holds at the start.
  package static func initial(_ scenario: RetentionScenario) throws -> UserData {
    var logs: [UUID: DailyLog] = [:]
    for (slot, log) in scenario.logs.enumerated() {
      logs[logID(slot)] = try DailyLog(
        id: logID(slot), date: date(start - Int64(log.age)), dailyGoal: 2_000, userId: uid,
        lastModified: date(start - Int64(log.modifiedAge)), syncStatus: .synced)
    }
    var meals: [UUID: CustomMeal] = [:]
    for (slot, age) in scenario.mealAges.enumerated() {
      let made = date(start - Int64(age))
      let oats = try Ingredient(
        id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xE2, UInt8(slot))), name: "oats",
        quantity: 1, unit: "cup", calories: 300)
      meals[mealID(slot)] = try CustomMeal(
        id: mealID(slot), name: "meal \(slot)", ingredients: [oats], createdAt: made, lastUsedAt: made,
        userId: uid, lastModified: made, syncStatus: .synced)
    }
    let goal = try scenario.goalAge.map { age in
      try UserGoal(
        dailyCalorieGoal: 2_000, createdAt: date(start - Int64(age)), userId: uid,
        lastModified: date(start - Int64(age)), syncStatus: .synced)
    }
    return UserData(customMeals: EntityStore(live: meals), dailyLogs: EntityStore(live: logs), goal: goal)
  }

  package static func run(_ scenario: RetentionScenario, _ system: SystemLayers, settling: Bool = false)
    throws
    -> RetentionRun
  {
    var undrawn: SyncStory?
    return try run(scenario, system, settling: settling, drawing: &undrawn)
  }

  /// The run, told in `story` as it goes when there is one: each sync an exchange of all the user's
  /// data with the cloud's.
  package static func run(
    _ scenario: RetentionScenario, _ system: SystemLayers, settling: Bool = false,
    drawing story: inout SyncStory?
  ) throws -> RetentionRun {
    let initial = try initial(scenario)
    var devices = [UserData](repeating: initial, count: scenario.skews.count)
    var cloud = initial
    var elapsed: Int64 = 0
    var passes: [Pass] = []
    var goalSet = false
    var addedFood: Set<UUID> = [], removedFood: Set<UUID> = []
    func now(_ device: Int) -> Int64 { start + elapsed + Int64(scenario.skews[device]) }
    func sync(_ device: Int) {
      let sent = story == nil ? "" : describe(devices[device], logs: scenario.logs.count)
      cloud = system.retention.mergeUserData(cloud, from: devices[device])
      devices[device] = system.retention.mergeUserData(devices[device], from: cloud)
      story?.entries += [
        .call(SyncStory.Call(request: "merge in my data: \(sent)", answer: "merged", failed: false)),
        .call(
          SyncStory.Call(
            request: "send me yours", answer: describe(cloud, logs: scenario.logs.count), failed: false)),
      ]
    }
    for (index, step) in scenario.steps.enumerated() {
      story?.entries.append(.turn(device: step.device, step: index))
      switch step {
      case .retention(let device):
        let before = devices[device]
        devices[device] = system.retention.applyRetention(to: before, now: date(now(device)))
        passes.append(Pass(device: device, now: now(device), before: before, after: devices[device]))
      case .sync(let device): sync(device)
      case .advance(let milliseconds): elapsed += Int64(milliseconds)
      case .editLog(let device, let slot, let goal):
        // A user edits only what the device shows.
        guard let shown = devices[device].dailyLogs.live[logID(slot)] else { continue }
        let edited = try DailyLog(
          id: shown.id, date: shown.date, foodItems: shown.foodItems, exerciseItems: shown.exerciseItems,
          dailyGoal: Double(goal), userId: uid,
          lastModified: shown.lastModified, syncStatus: .pendingUpload)
        devices[device].dailyLogs.edit(edited, now: date(now(device)))
      case .setGoal(let device, let calories):
        let createdAt = devices[device].goal?.createdAt ?? date(now(device))
        devices[device].setGoal(
          try UserGoal(
            dailyCalorieGoal: calories, createdAt: createdAt, userId: uid, syncStatus: .pendingUpload),
          now: date(now(device)))
        goalSet = true
      case .addFood(let device, let log, let item, let calories):
        // A user adds food only to a log the device shows, and never an item it knows deleted.
        let id = itemID(log: log, item: item)
        guard devices[device].dailyLogs.live[logID(log)] != nil, devices[device].foodItems.deleted[id] == nil
        else { continue }
        let food = try FoodItem(
          id: id, name: "food \(log).\(item)", calories: Double(calories), timestamp: date(start),
          userId: uid, syncStatus: .pendingUpload)
        devices[device].addFood(food, toLog: logID(log), now: date(now(device)))
        addedFood.insert(id)
      case .removeFood(let device, let log, let item):
        // A user removes only what the device's log shows.
        let id = itemID(log: log, item: item)
        guard devices[device].dailyLogs.live[logID(log)]?.foodItems.contains(where: { $0.id == id }) == true
        else { continue }
        devices[device].removeFood(id, fromLog: logID(log), now: date(now(device)))
        removedFood.insert(id)
      }
    }
    for _ in 0..<2 {
      for device in devices.indices {
        story?.entries.append(.turn(device: device, step: nil))
        sync(device)
      }
    }
    var settled: [UserData] = []
    if settling {
      let quiet = (devices, cloud)
      for device in devices.indices {
        story?.entries.append(.turn(device: device, step: nil))
        sync(device)
      }
      settled = [cloud] + devices
      (devices, cloud) = quiet
    }
    return RetentionRun(
      scenario: scenario, initial: initial, passes: passes, devices: devices, cloud: cloud, goalSet: goalSet,
      addedFood: addedFood, removedFood: removedFood, settled: settled)
  }

  /// A place's data in a diagram: "log 0 (2 food), log 1 deleted, 2 meals, goal 2000".
  package static func describe(_ data: UserData, logs: Int) -> String {
    var parts: [String] = (0..<logs).compactMap { slot in
      if let log = data.dailyLogs.live[logID(slot)] { return "log \(slot) (\(log.foodItems.count) food)" }
      return data.dailyLogs.deleted[logID(slot)] == nil ? nil : "log \(slot) deleted"
    }
    parts.append("\(data.customMeals.live.count) meal\(data.customMeals.live.count == 1 ? "" : "s")")
    parts.append(data.goal.map { "goal \(Int($0.dailyCalorieGoal))" } ?? "no goal")
    return parts.joined(separator: ", ")
  }

  /// Every place's data at the end: the cloud, then the devices, with their names.
  package var places: [(name: String, data: UserData)] {
    [("the cloud", cloud)] + devices.enumerated().map { ("device \($0)", $1) }
  }

  /// Log `slot`'s age at `now` in words: "90 days and 1 ms old".
  package func age(ofLog slot: Int, at now: Int64) -> String {
    let age = now - logDate(slot)
    let day = Int64(RetentionScenario.day)
    let days = age / day, rest = age % day
    return rest == 0 ? "\(days) days old" : "\(days) days and \(rest) ms old"
  }

  /// Each place's view of log `slot`: "the cloud: kept, device 0: deleted, device 1: absent".
  package func views(ofLog slot: Int) -> String {
    places.map { name, data in
      let id = Self.logID(slot)
      let view =
        data.dailyLogs.live[id] != nil ? "kept" : data.dailyLogs.deleted[id] != nil ? "deleted" : "absent"
      return "\(name): \(view)"
    }.joined(separator: ", ")
  }
}
