import CountMeContract
import CountMeCore
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 14: once every device has synced with no edits in between, every device and the cloud
  /// hold the same data, and it is the users' data: each food item created and never deleted, with
  /// a value some user gave it.
  ///
  /// The oracle, written out: the stores' contents (every field but `syncStatus`) are equal; the
  /// live ids are exactly those edited and never deleted; each one's calories are among the values
  /// users gave it.
  static let f14 = PropertySpec(
    id: "F14", name: "Data consistency after sync", validates: ["6.2", "6.5"], judges: [.conflicts],
    killBudget: 500, generator: { _ in Gen.devicesScenario.map { Tagged($0, tags: devicesTags($0)) } },
    encode: \.json, decode: { json, _ in try DevicesScenario(json: json) },
    expect: { _ in .holds("every device and the cloud hold the same data, every item kept and none invented")
    },
    observe: observe14
  ).erased

  static func observe14(_ scenario: DevicesScenario, _ system: SystemLayers) -> Observation {
    DevicesRun.judged(scenario, system, judge14)
  }

  /// The verdict on one run.
  static func judge14(_ run: DevicesRun) -> Observation {
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
          "food item \(slot) was \(kept ? "lost" : "kept, though deleted or never made"): \(run.views(of: slot))"
        )
      }
      if let item = run.cloud.live[id], !(run.values[slot] ?? []).contains(item.calories) {
        return .broke("food item \(slot) holds \(item.calories) kcal, which no user gave it")
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
