import CountMeContract
import CountMeCore
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 20: a deletion wins over every modification, earlier or later, made on any device:
  /// once quiet, an item a user deleted is live nowhere, and every store remembers the deletion, so
  /// an update arriving late cannot bring it back.
  ///
  /// The oracle, written out: for each food item a user deleted, no store holds it live and every
  /// store holds its deletion.
  static let f20 = PropertySpec(
    id: "F20", name: "Deletion wins in conflicts", validates: ["8.2"], judges: [.conflicts], killBudget: 500,
    generator: { _ in Gen.devicesScenario.map { Tagged($0, tags: devicesTags($0)) } },
    encode: \.json, decode: { json, _ in try DevicesScenario(json: json) },
    expect: { _ in .holds("a deleted item is live nowhere, and every store remembers its deletion") },
    observe: observe20
  ).erased

  static func observe20(_ scenario: DevicesScenario, _ system: SystemLayers) -> Observation {
    DevicesRun.judged(scenario, system, judge20)
  }

  /// The verdict on one run.
  static func judge20(_ run: DevicesRun) -> Observation {
    for slot in run.deletedSlots {
      let id = DevicesRun.id(slot)
      for store in [run.cloud] + run.devices where store.live[id] != nil || store.deleted[id] == nil {
        return .broke("food item \(slot) was deleted, but once quiet: \(run.views(of: slot))")
      }
    }
    return .holds
  }
}
