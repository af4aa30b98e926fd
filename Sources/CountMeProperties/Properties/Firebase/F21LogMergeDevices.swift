import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

/// F21's input: versions of one log, or devices changing and syncing it.
///
/// F21's input: three versions of one log and the deleted item ids (the merge as a function), or
/// devices adding items to and removing them from their logs and syncing (the merge as devices use
/// it): exchanging whole stores (`RetentionRun`), or through the cloud, with faults (`CloudLogRun`).
enum LogMergeInput: Sendable {
  case versions(LogVersions)
  case devices(RetentionScenario)
  case cloud(CloudDevicesInput)

  /// The three kinds of F21 input, one of each in three.
  ///
  /// The three kinds, one of each in three: versions tagged `Versions.DailyLog`, devices
  /// `Devices.DailyLog` (and `Devices.removedFood` when a scenario removes food), devices through
  /// the cloud `Devices.dailyLogs` with the cloud world's tags.
  static let generator: Generator<Tagged<LogMergeInput>> = Gen.frequency([
    (1, Gen.logVersions.map { Tagged(.versions($0), tags: ["Versions.DailyLog"]) }),
    (
      1,
      CloudDevicesInput.logGenerator.map { Tagged(.cloud($0), tags: Firebase.cloudDevicesTags($0)) }
    ),
    (
      1,
      Gen.logFoodScenario.map { scenario in
        let removes = scenario.steps.contains { if case .removeFood = $0 { true } else { false } }
        return Tagged(
          .devices(scenario), tags: ["Devices.DailyLog"] + (removes ? ["Devices.removedFood"] : []))
      }
    ),
  ])

  /// The input as JSON.
  ///
  /// Versions as `{"versions": [...], "deleted": [...]}`; devices as a retention scenario's form;
  /// devices through the cloud as the cloud world's, with `"collection": "dailyLogs"`.
  var json: JSON {
    switch self {
    case .versions(let versions): return Firebase.json21(versions)
    case .devices(let scenario): return scenario.json
    case .cloud(let input): return input.json
    }
  }

  /// Reads any form: one with `versions` is versions, one with a `collection` devices through the
  /// cloud, any other a devices scenario.
  static func decode(_ json: JSON) throws -> LogMergeInput {
    if json["versions"] != nil { return .versions(try Firebase.decode21(json)) }
    if json["collection"] != nil {
      let input = try CloudDevicesInput(json: json, collections: [.dailyLog], logRun: true)
      guard input.signUp == nil else {
        throw InputDecodingError(
          path: "input.signUp", problem: "a log run has no guest: every device is signed in")
      }
      return .cloud(input)
    }
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
  static func judgeDailyLogMergeOnDevices(_ run: RetentionRun) -> Observation {
    precondition(run.settled.count == run.places.count, "F21 judges a run made with settling: true")
    for (index, place) in run.places.enumerated() where run.settled[index] != place.data {
      return .broke(
        "\(place.name) changed in another round of syncs once quiet: syncing never settles",
        anomaly: .divergence)
    }
    for slot in run.scenario.logs.indices {
      let id = RetentionRun.logID(slot)
      let food = run.places.map { $0.data.dailyLogs.live[id]?.foodItems.map(\.id) }
      for (index, place) in run.places.enumerated() where food[index] != food[0] {
        return .broke(
          "once quiet \(place.name)'s log \(slot) holds other food than the cloud's: \(run.views(ofLogFood: slot))",
          anomaly: .divergence)
      }
      guard let held = food[0] else { continue }  // deleted for its age, everywhere (F26's concern)
      for item in 0..<RetentionScenario.itemsPerLog {
        let itemID = RetentionRun.itemID(log: slot, item: item)
        let count = held.filter { $0 == itemID }.count
        let expected = run.addedFood.contains(itemID) && !run.removedFood.contains(itemID)
        if count > 1 {
          return .broke("log \(slot) holds food \(slot).\(item) \(count) times", anomaly: .duplicateEffect)
        }
        if expected && count == 0 {
          return .broke(
            "log \(slot) lost food \(slot).\(item), added and never removed: \(run.views(ofLogFood: slot))")
        }
        if !expected && count == 1 {
          let why = run.removedFood.contains(itemID) ? "removed" : "never added"
          return .broke(
            "log \(slot) holds food \(slot).\(item), which was \(why): \(run.views(ofLogFood: slot))",
            anomaly: .resurrection)
        }
      }
      if held.count > held.filter({ run.addedFood.contains($0) }).count {
        return .broke("log \(slot) holds food no one added to it", anomaly: .phantomData)
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

extension Firebase {
  /// F21 through the cloud: devices change one day's log and sync it, with faults.
  ///
  /// F21 through the cloud: devices add food and exercise to one day's log, remove them, and sync
  /// it, with faults, through `foodItems`, `exerciseItems` and `dailyLogs` (`CloudLogRun`).
  ///
  /// The oracle, written out: once quiet, one more round of syncs writes nothing to the cloud and
  /// changes no place's log (quiescence, not ping-pong); every place (the cloud, read by the
  /// harness's schema, and each device) holds the log with the same content; the log holds each
  /// item some device added and no device removed, once, in its kind's list (food or exercise),
  /// and nothing else (deletion wins inside a log: a removed item never comes back from an older
  /// version); and each item it holds has the calories of its latest addition by the stamp its
  /// device gave it (either on a tie). An item whose document another client broke (`corrupt`) is
  /// no excuse: a device that holds the item writes its version over the broken document (our
  /// repair rule, `CollectionSync`), so once quiet no place holds an item whose cloud document is
  /// still broken; nor is a log document another client broke (`corruptLog`): every device but a
  /// new install holds the log, so once quiet the cloud's log is readable. And at every moment (after each step, and
  /// each pass of the quiet spell) a device shows each item in its log as its own food or exercise
  /// items hold it: one device, one version of an item. And each time a device writes the log, every
  /// item the cloud's log then names has a document in the cloud, live or broken by another client:
  /// a log never goes up before the items it names (`CloudLogRun.noteMissingItem`); after each pass
  /// that read the log and left nothing of it to upload, the cloud's log names no deleted item
  /// (`noteNamesDeleted`); and a removal answers as documented (`CloudLogRun`'s `remove`, which
  /// fails the run otherwise).
  static func judgeDailyLogMergeThroughTheCloud(_ run: CloudLogRun) -> Observation {
    if let shownTwice = run.shownTwice { return .broke(shownTwice, anomaly: .duplicateEffect) }
    if let namesMissingItem = run.namesMissingItem { return .broke(namesMissingItem) }
    if run.settlingWrites > 0 {
      return .broke(
        "once quiet, another round of syncs wrote to the cloud \(run.settlingWrites) times: syncing never settles",
        anomaly: .divergence)
    }
    for (index, name) in run.places.enumerated() where !sameLog(run.settled[index], run.quiet[index]) {
      return .broke(
        "\(name)'s log changed in another round of syncs once quiet, from \(run.quiet[index]) to "
          + "\(run.settled[index])\(difference(run.quiet[index], run.settled[index]))", anomaly: .divergence)
    }
    guard let held = run.quiet[0].items else {
      let why = run.quiet[0].isUnreadable ? ": no device wrote its version over it" : ""
      return .broke("once quiet the cloud's log is \(run.quiet[0])\(why)")
    }
    for item in run.unreadable.sorted() {
      let id = CloudLogRun.itemID(item)
      let holders = run.places.indices.dropFirst().filter {
        run.quiet[$0].items?.contains { $0.id == id } == true
      }
      guard holders.isEmpty else {
        return .broke(
          "once quiet the cloud still holds the broken document another client wrote for \(CloudLogRun.name(item)), "
            + "yet \(holders.map { run.places[$0] }.joined(separator: " and ")) hold it: no device repaired it",
          anomaly: .divergence)
      }
    }
    for (index, name) in run.places.enumerated().dropFirst() where !sameLog(run.quiet[index], run.quiet[0]) {
      return .broke(
        "once quiet \(name)'s log differs from the cloud's: \(run.views)"
          + difference(run.quiet[0], run.quiet[index]), anomaly: .divergence)
    }
    for item in 0..<DevicesScenario.slots {
      let (id, name) = (CloudLogRun.itemID(item), CloudLogRun.name(item))
      let copies = held.filter { $0.id == id }
      let added = run.additions.filter { $0.item == item }
      let expected = !added.isEmpty && !run.removed.contains(item)
      if copies.count > 1 {
        return .broke("the log holds \(name) \(copies.count) times: \(run.views)", anomaly: .duplicateEffect)
      }
      if expected && copies.isEmpty {
        return .broke("the log lost \(name), added and never removed: \(run.views)")
      }
      if !expected && !copies.isEmpty {
        let why = run.removed.contains(item) ? "removed" : "never added"
        return .broke(
          "the log holds \(name), which was \(why): \(run.views)",
          anomaly: why == "removed" ? .resurrection : .phantomData)
      }
      guard let kept = copies.first, let latest = added.map(\.stamp).max() else { continue }
      if kept.isExercise != CloudLogRun.isExercise(item) {
        let list = kept.isExercise ? "exercise" : "food"
        return .broke("the log holds \(name) among its \(list): \(run.views)")
      }
      let allowed = added.filter { $0.stamp == latest }.map(\.calories)
      if !allowed.contains(kept.calories) {
        let expectedCalories = allowed.map { "\($0)" }.joined(separator: " or ")
        return .broke(
          "the log holds \(name) at \(kept.calories) kcal, not its latest addition's \(expectedCalories): \(run.views)"
        )
      }
    }
    if let stranger = held.first(where: { CloudLogRun.item(of: $0.id) == nil }) {
      return .broke("the log holds item \(stranger.id), which no one added", anomaly: .phantomData)
    }
    return .holds
  }

  /// Where two live views of the log first differ, field by field.
  ///
  /// Where two live views of the log first differ, field by field (the items' lists show only
  /// names and calories, and what differs may be a `lastModified` or a `date`): "; first difference:
  /// lastModified: expected …, got …", or nothing when either is not live or they are the same.
  static func difference(_ a: CloudLogRun.LogView, _ b: CloudLogRun.LogView) -> String {
    guard case .live(let x) = a, case .live(let y) = b else { return "" }
    let json = { (log: DailyLogArguments) in ModelSchemas.dailyLog.json(withoutStatuses(log)) }
    return JSONDifference.first(expected: json(x), actual: json(y)).map { "; first difference: \($0)" } ?? ""
  }

  /// Whether two views of the log are the same: both live with the same content (every field but
  /// the sync statuses), or the same state.
  private static func sameLog(_ a: CloudLogRun.LogView, _ b: CloudLogRun.LogView) -> Bool {
    switch (a, b) {
    case (.live(let x), .live(let y)): return content21(x) == content21(y)
    case (.absent, .absent), (.deleted, .deleted), (.unreadable, .unreadable): return true
    default: return false
    }
  }
}
