import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// F21's input: three versions of one log and the deleted item ids (the merge as a function), or
/// devices adding food to and removing it from their logs and syncing (the merge as devices use it).
enum LogMergeInput: Sendable {
  case versions(LogVersions)
  case devices(RetentionScenario)

  /// Both kinds, one of each in two: versions tagged `Versions.DailyLog`, devices
  /// `Devices.DailyLog` (and `Devices.removedFood` when a scenario removes food).
  static let generator: Generator<Tagged<LogMergeInput>> = Gen.frequency([
    (1, Gen.logVersions.map { Tagged(.versions($0), tags: ["Versions.DailyLog"]) }),
    (
      1,
      Gen.logFoodScenario.map { scenario in
        let removes = scenario.steps.contains { if case .removeFood = $0 { true } else { false } }
        return Tagged(
          .devices(scenario), tags: ["Devices.DailyLog"] + (removes ? ["Devices.removedFood"] : []))
      }
    ),
  ])

  /// Versions as `{"versions": [...], "deleted": [...]}`; devices as a retention scenario's form.
  var json: JSON {
    switch self {
    case .versions(let versions): return Firebase.json21(versions)
    case .devices(let scenario): return scenario.json
    }
  }

  /// Reads either form: one with `versions` is versions, any other a devices scenario.
  static func decode(_ json: JSON) throws -> LogMergeInput {
    if json["versions"] != nil { return .versions(try Firebase.decode21(json)) }
    return .devices(try RetentionScenario(json: json))
  }
}

extension Firebase {
  /// F21 on devices: logs merged as devices sync them, with food added and removed on any device.
  ///
  /// The oracle, written out: once quiet, one more round of syncs changes nothing anywhere
  /// (quiescence, not ping-pong); every place holds the same food in each log; and each log every
  /// place keeps holds each food item a user added to it and no one removed, once, and nothing
  /// else (a removed item never comes back from another device's older version of the log).
  static func judgeDevices21(_ run: RetentionRun) -> Observation {
    precondition(run.settled.count == run.places.count, "F21 judges a run made with settling: true")
    for (index, place) in run.places.enumerated() where run.settled[index] != place.data {
      return .broke("\(place.name) changed in another round of syncs once quiet: syncing never settles")
    }
    for slot in run.scenario.logs.indices {
      let id = RetentionRun.logID(slot)
      let food = run.places.map { $0.data.dailyLogs.live[id]?.foodItems.map(\.id) }
      for (index, place) in run.places.enumerated() where food[index] != food[0] {
        return .broke(
          "once quiet \(place.name)'s log \(slot) holds other food than the cloud's: \(run.views(ofLogFood: slot))"
        )
      }
      guard let held = food[0] else { continue }  // deleted for its age, everywhere (F26's concern)
      for item in 0..<RetentionScenario.itemsPerLog {
        let itemID = RetentionRun.itemID(log: slot, item: item)
        let count = held.filter { $0 == itemID }.count
        let expected = run.addedFood.contains(itemID) && !run.removedFood.contains(itemID)
        if count > 1 { return .broke("log \(slot) holds food \(slot).\(item) \(count) times") }
        if expected && count == 0 {
          return .broke(
            "log \(slot) lost food \(slot).\(item), added and never removed: \(run.views(ofLogFood: slot))")
        }
        if !expected && count == 1 {
          let why = run.removedFood.contains(itemID) ? "removed" : "never added"
          return .broke(
            "log \(slot) holds food \(slot).\(item), which was \(why): \(run.views(ofLogFood: slot))")
        }
      }
      if held.count > held.filter({ run.addedFood.contains($0) }).count {
        return .broke("log \(slot) holds food no one added to it")
      }
    }
    return .holds
  }
}

extension RetentionRun {
  /// Each place's food in log `slot`: "the cloud: food 0.1 food 0.2, device 0: food 0.1, device 1:
  /// (no log)".
  func views(ofLogFood slot: Int) -> String {
    places.map { name, data in
      guard let log = data.dailyLogs.live[Self.logID(slot)] else { return "\(name): (no log)" }
      let names = log.foodItems.map(\.name)
      return "\(name): " + (names.isEmpty ? "(empty)" : names.joined(separator: " "))
    }.joined(separator: ", ")
  }
}
