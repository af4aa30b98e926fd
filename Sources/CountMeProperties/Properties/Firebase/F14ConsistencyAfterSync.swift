import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 14: once every device has synced, every device and the cloud hold the same data.
  ///
  /// Property 14: once every device has synced with no edits in between, every device and the cloud
  /// hold the same data, and it is the users' data: each food item created and never deleted, with
  /// a value some user gave it.
  ///
  /// The oracle, written out: the stores' contents (every field but `syncStatus`) are equal; the
  /// live ids are exactly those edited and never deleted; each one's calories are among the values
  /// users gave it.
  ///
  /// A third of the cases sync through the cloud with faults (`judgeConsistencyAfterSyncThroughTheCloud`): once quiet, every
  /// device holds what the cloud holds, wherever its document is readable (a deletion and no
  /// document alike); the entities live in the cloud are exactly those some device edited and none
  /// deleted; each holds a value some device gave it.
  static let consistencyAfterSync = devicesWorldProperty(
    "F14", "Data consistency after sync", validates: ["6.2", "6.5"],
    expect: "every device and the cloud hold the same data, every item kept and none invented",
    anomaly: .divergence,
    stores: judgeConsistencyAfterSync, cloud: judgeConsistencyAfterSyncThroughTheCloud)

  /// The verdict on a run through the cloud.
  static func judgeConsistencyAfterSyncThroughTheCloud(_ run: CloudDevicesRun) -> Observation {
    for slot in 0..<run.slots where run.finalCloud[slot] != .unreadable {
      for (device, held) in run.finalDevices.enumerated()
      where !held[slot].sameEffect(as: run.finalCloud[slot]) {
        return .broke(
          "once quiet, \(run.name(slot)) differs between device \(device) (\(held[slot])) and the cloud "
            + "(\(run.finalCloud[slot]))")
      }
      let accepted = run.changes.filter { $0.slot == slot && $0.accepted }
      let edited = accepted.contains { !$0.deletion }, deleted = accepted.contains(where: \.deletion)
      let live = run.finalCloud[slot].isLive
      // A goal cannot be deleted, and an edit is refused once deleted: kept exactly when edited and
      // never deleted (another client's broken write is no user's edit).
      guard live == (edited && !deleted) else {
        return .broke(
          "\(run.name(slot)) was \(live ? "kept, though deleted or never made" : "lost, though edited and never deleted")"
            + ": the cloud holds \(run.finalCloud[slot])", anomaly: live ? .resurrection : .lostUpdate)
      }
      if case .live(let version) = run.finalCloud[slot] {
        let given = accepted.compactMap(\.calories).map(Double.init)
        guard given.contains(version.calories) else {
          return .broke(
            "\(run.name(slot)) holds \(version.calories) kcal, which no device gave it", anomaly: .phantomData
          )
        }
      }
    }
    return .holds
  }

  /// The verdict on one run.
  static func judgeConsistencyAfterSync(_ run: DevicesRun) -> Observation {
    for slot in 0..<DevicesScenario.slots {
      let id = DevicesRun.id(slot)
      let versions = [run.cloud] + run.devices
      let contents = versions.map { store in store.live[id].map(content14) }
      guard contents.allSatisfy({ $0 == contents[0] }) else {
        return .broke("food item \(slot) differs between stores once quiet: \(run.views(of: slot))")
      }
      let kept = run.edited.contains(slot) && !run.deletedSlots.contains(slot)
      guard (run.cloud.live[id] != nil) == kept else {
        return .broke(
          "food item \(slot) was \(kept ? "lost" : "kept, though deleted or never made"): \(run.views(of: slot))",
          anomaly: kept ? .lostUpdate : .resurrection)
      }
      if let item = run.cloud.live[id], !(run.values[slot] ?? []).contains(item.calories) {
        return .broke(
          "food item \(slot) holds \(item.calories) kcal, which no user gave it", anomaly: .phantomData)
      }
    }
    return .holds
  }

  /// A food item's content: every field but `syncStatus`.
  static func content14(_ item: FoodItem) -> [FieldValue] { content14(FoodItemArguments(item)) }

  /// A food item's content, from its arguments: every field but `syncStatus`.
  static func content14(_ item: FoodItemArguments) -> [FieldValue] {
    var content = item
    content.syncStatus = .synced
    return ModelSchemas.foodItem.values(content)
  }

  /// Tags of a scenario: its devices, whether clocks disagree, whether it deletes.
  static func devicesTags(_ scenario: DevicesScenario) -> [String] {
    var tags = ["Devices.\(scenario.skews.count)"]
    if Set(scenario.skews).count > 1 { tags.append("Devices.skewed") }
    if scenario.steps.contains(where: { if case .delete = $0 { true } else { false } }) {
      tags.append("Devices.deletes")
    }
    return tags
  }
}
