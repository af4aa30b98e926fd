import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// Runs a `DevicesScenario` against a system's store rules, ending with a quiet spell of syncs.
///
/// Runs a `DevicesScenario` against a system's store rules: each device's store and the cloud's,
/// every edit and deletion as a user makes them, and at the end a quiet spell in which every device
/// syncs twice, in order.
///
/// The simulation records; F14 and F20 judge.
package struct DevicesRun {
  /// Each device's food items at the end, and the cloud's.
  package let devices: [EntityStore<FoodItem>]
  package let cloud: EntityStore<FoodItem>
  /// Slots a user created or edited, and slots a user deleted, in the order it happened.
  package let edited: [Int]
  package let deletedSlots: [Int]
  /// Every calories value a user gave each slot.
  package let values: [Int: [Double]]

  /// The 2026-01-01T00:00:00Z the scenario's real time starts at.
  package static let start = Date(timeIntervalSince1970: 1_767_225_600)

  /// The instant `milliseconds` after `start`.
  package static func date(_ milliseconds: Int) -> Date {
    start.addingTimeInterval(Double(milliseconds) / 1_000)
  }

  /// The first whole millisecond after `start` not before `date`.
  package static func milliseconds(until date: Date) -> Int {
    Int((date.timeIntervalSince(start) * 1_000).rounded(.up))
  }

  /// The id of food item `slot`.
  package static func id(_ slot: Int) -> UUID { CountMeCollections.id(slot) }

  package static func run(_ scenario: DevicesScenario, _ system: SystemLayers) throws -> DevicesRun {
    var undrawn: SyncStory?
    return try run(scenario, system, drawing: &undrawn)
  }

  /// The run, told in `story` as it goes when there is one: each sync an exchange of whole stores.
  package static func run(
    _ scenario: DevicesScenario, _ system: SystemLayers, drawing story: inout SyncStory?
  ) throws
    -> DevicesRun
  {
    var devices = [EntityStore<FoodItem>](repeating: EntityStore(), count: scenario.skews.count)
    var cloud = EntityStore<FoodItem>()
    var elapsed = 0
    var edited: [Int] = [], deletedSlots: [Int] = [], values: [Int: [Double]] = [:]
    func now(_ device: Int) -> Date { date(elapsed + scenario.skews[device]) }
    func sync(_ device: Int) {
      let sent = story == nil ? "" : describe(devices[device])
      cloud = system.conflicts.mergeFoodItems(cloud, from: devices[device])
      devices[device] = system.conflicts.mergeFoodItems(devices[device], from: cloud)
      story?.entries += [
        .call(SyncStory.Call(request: "merge in my store: \(sent)", answer: "merged", failed: false)),
        .call(SyncStory.Call(request: "send me yours", answer: describe(cloud), failed: false)),
      ]
    }
    for (index, step) in scenario.steps.enumerated() {
      story?.entries.append(.turn(device: step.device, step: index))
      switch step {
      case .edit(let device, let slot, let calories):
        // A user edits only what the device shows: nothing it knows deleted.
        guard devices[device].deleted[id(slot)] == nil else { continue }
        var item = FoodItemArguments()
        (item.id, item.name, item.calories) = (id(slot), "item \(slot)", Double(calories))
        (item.timestamp, item.userId, item.syncStatus) = (start, "uid-alice", .pendingUpload)
        devices[device] = try system.conflicts.editFoodItem(in: devices[device], item, now: now(device))
        edited.append(slot)
        values[slot, default: []].append(Double(calories))
      case .delete(let device, let slot):
        // A user deletes only what the device shows.
        guard devices[device].live[id(slot)] != nil else { continue }
        devices[device] = system.conflicts.deleteFoodItem(in: devices[device], id: id(slot), now: now(device))
        deletedSlots.append(slot)
      case .sync(let device): sync(device)
      case .advance(let milliseconds): elapsed += milliseconds
      // Stores exchanged whole have no network, no app to restart, no cloud documents and no logs.
      case .goOffline, .goOnline, .corrupt, .corruptLog, .writeStale, .restart, .retention: continue
      }
    }
    for _ in 0..<2 {
      for device in devices.indices {
        story?.entries.append(.turn(device: device, step: nil))
        sync(device)
      }
    }
    return DevicesRun(
      devices: devices, cloud: cloud, edited: edited, deletedSlots: deletedSlots, values: values)
  }

  /// A store in a diagram: "item 1 120.0 kcal, item 2 deleted", or "empty".
  package static func describe(_ store: EntityStore<FoodItem>) -> String {
    let held = (0..<DevicesScenario.slots).compactMap { slot -> String? in
      if let item = store.live[id(slot)] { return "item \(slot) \(item.calories) kcal" }
      return store.deleted[id(slot)] == nil ? nil : "item \(slot) deleted"
    }
    return held.isEmpty ? "empty" : held.joined(separator: ", ")
  }

  /// Each store's view of food item `slot`, for a report: "cloud: 120 kcal", "device 1: deleted".
  package func views(of slot: Int) -> String {
    func view(_ store: EntityStore<FoodItem>) -> String {
      if let item = store.live[Self.id(slot)] { return "\(item.calories) kcal" }
      return store.deleted[Self.id(slot)] == nil ? "absent" : "deleted"
    }
    return (["cloud: \(view(cloud))"] + devices.enumerated().map { "device \($0): \(view($1))" })
      .joined(separator: ", ")
  }
}

extension DevicesScenario {
  /// The scenario as JSON: its skews and its steps.
  ///
  /// `{"skews": [...], "steps": [...]}`, steps as `{"edit": [device, slot, calories]}`,
  /// `{"delete": [device, slot]}`, `{"sync": device}`, `{"advance": milliseconds}`,
  /// `{"offline": device}`, `{"online": device}`, `{"restart": device}` and
  /// `{"corrupt": [slot, "wrongType"]}` (a `Damage`), `{"corruptLog": "wrongType"}`,
  /// `{"stale": slot}` and `{"retention": device}`.
  package var json: JSON {
    .object([
      ("skews", .array(skews.map { .integer(Int64($0)) })),
      (
        "steps",
        .array(
          steps.map { step in
            switch step {
            case .edit(let d, let s, let c):
              return .object([("edit", .array([d, s, c].map { .integer(Int64($0)) }))])
            case .delete(let d, let s):
              return .object([("delete", .array([d, s].map { .integer(Int64($0)) }))])
            case .sync(let d): return .object([("sync", .integer(Int64(d)))])
            case .advance(let ms): return .object([("advance", .integer(Int64(ms)))])
            case .goOffline(let d): return .object([("offline", .integer(Int64(d)))])
            case .goOnline(let d): return .object([("online", .integer(Int64(d)))])
            case .restart(let d): return .object([("restart", .integer(Int64(d)))])
            case .corrupt(let s, let damage):
              return .object([("corrupt", .array([.integer(Int64(s)), .string(damage.rawValue)]))])
            case .corruptLog(let damage): return .object([("corruptLog", .string(damage.rawValue))])
            case .writeStale(let s): return .object([("stale", .integer(Int64(s)))])
            case .retention(let d): return .object([("retention", .integer(Int64(d)))])
            }
          })
      ),
    ])
  }

  /// Reads `json`'s form, naming the path of the first problem.
  package init(json: JSON) throws {
    let reader = try JSONReader(json, path: "input")
    let skews = try reader.array("skews").enumerated().map { index, value -> Int in
      guard case .integer(let skew) = value, let whole = Int(exactly: skew), abs(whole) <= 86_400_000 else {
        throw InputDecodingError(path: "input.skews[\(index)]", problem: "expected milliseconds within a day")
      }
      return whole
    }
    guard (1...16).contains(skews.count) else {
      throw InputDecodingError(path: "input.skews", problem: "expected 1 to 16 devices")
    }
    let steps = try reader.array("steps").enumerated().map { index, value in
      try Self.step(value, path: "input.steps[\(index)]", devices: skews.count)
    }
    self.init(skews: skews, steps: steps)
  }

  private static let stepNames =
    "edit, delete, sync, advance, offline, online, restart, corrupt, corruptLog, stale, retention"

  private static func step(_ json: JSON, path: String, devices: Int) throws -> Step {
    guard case .object(let members) = json, members.count == 1 else {
      throw InputDecodingError(path: path, problem: "expected one of \(stepNames)")
    }
    let (name, value) = members[0]
    func numbers(_ count: Int) throws -> [Int] {
      guard case .array(let items) = value, items.count == count else {
        throw InputDecodingError(path: "\(path).\(name)", problem: "expected \(count) whole numbers")
      }
      return try items.map {
        guard case .integer(let n) = $0, let whole = Int(exactly: n), whole >= 0 else {
          throw InputDecodingError(path: "\(path).\(name)", problem: "expected whole numbers")
        }
        return whole
      }
    }
    func device(_ d: Int) throws -> Int {
      guard d < devices else { throw InputDecodingError(path: "\(path).\(name)", problem: "no device \(d)") }
      return d
    }
    func slot(_ s: Int) throws -> Int {
      guard s < DevicesScenario.slots else {
        throw InputDecodingError(path: "\(path).\(name)", problem: "no food item \(s)")
      }
      return s
    }
    func damage(_ json: JSON) throws -> Damage {
      let names = Damage.allCases.map(\.rawValue).joined(separator: ", ")
      guard case .string(let raw) = json else {
        throw InputDecodingError(path: "\(path).\(name)", problem: "expected a damage: \(names)")
      }
      guard let damage = Damage(rawValue: raw) else {
        throw InputDecodingError(path: "\(path).\(name)", problem: "unknown damage \(raw): expected \(names)")
      }
      return damage
    }
    switch name {
    case "edit":
      let n = try numbers(3)
      guard n[2] <= 50_000 else {
        throw InputDecodingError(path: "\(path).edit", problem: "calories \(n[2]) above 50000")
      }
      return .edit(device: try device(n[0]), slot: try slot(n[1]), calories: n[2])
    case "delete":
      let n = try numbers(2)
      return .delete(device: try device(n[0]), slot: try slot(n[1]))
    case "sync", "offline", "online", "restart", "retention":
      guard case .integer(let d) = value, let whole = Int(exactly: d), whole >= 0 else {
        throw InputDecodingError(path: "\(path).\(name)", problem: "expected a device number")
      }
      let which = try device(whole)
      switch name {
      case "sync": return .sync(device: which)
      case "offline": return .goOffline(device: which)
      case "online": return .goOnline(device: which)
      case "retention": return .retention(device: which)
      default: return .restart(device: which)
      }
    case "corrupt":
      guard case .array(let parts) = value, parts.count == 2, case .integer(let s) = parts[0],
        let whole = Int(exactly: s), whole >= 0
      else {
        throw InputDecodingError(path: "\(path).corrupt", problem: "expected [slot, damage]")
      }
      return .corrupt(slot: try slot(whole), damage: try damage(parts[1]))
    case "corruptLog": return .corruptLog(damage: try damage(value))
    case "stale":
      guard case .integer(let s) = value, let whole = Int(exactly: s), whole >= 0 else {
        throw InputDecodingError(path: "\(path).stale", problem: "expected a food item number")
      }
      return .writeStale(slot: try slot(whole))
    case "advance":
      guard case .integer(let ms) = value, let whole = Int(exactly: ms), (0...86_400_000).contains(whole)
      else {
        throw InputDecodingError(path: "\(path).advance", problem: "expected milliseconds within a day")
      }
      return .advance(milliseconds: whole)
    default:
      throw InputDecodingError(path: path, problem: "unknown step \(name): expected \(stepNames)")
    }
  }
}
