import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 20: a deletion wins over every modification, earlier or later, made on any device:
  /// once quiet, an item a user deleted is live nowhere.
  ///
  /// Judged by its effect, a resurrection; how a store remembers the deletion is its own affair, and is named
  /// as the cause when an item comes back where no deletion record was kept.
  ///
  /// Two worlds, two cases in three the first:
  /// - devices exchanging their whole stores (`DevicesRun`): for each food item a user deleted, no
  ///   store holds it live once quiet;
  /// - devices syncing through the cloud (`CloudDevicesRun`, with faults): for each entity a device
  ///   accepted a deletion of, neither the cloud nor any device holds it live once quiet. A device
  ///   that deletes the cloud's document instead of writing a tombstone shows here: a device that
  ///   had not synced never hears of the deletion, and its copy, or its later edit, is the item back.
  static let deletionWins = devicesWorldProperty(
    "F20", "Deletion wins in conflicts", validates: ["8.2"],
    expect: "a deleted item is live nowhere once quiet", anomaly: .resurrection,
    stores: judgeDeletionWins, cloud: judgeDeletionWinsThroughTheCloud)

  /// The verdict on a run of whole stores.
  static func judgeDeletionWins(_ run: DevicesRun) -> Observation {
    for slot in run.deletedSlots {
      let id = DevicesRun.id(slot)
      let stores = [run.cloud] + run.devices
      guard stores.contains(where: { $0.live[id] != nil }) else { continue }
      let forgetful = stores.indices.filter { stores[$0].deleted[id] == nil }
      let cause =
        forgetful.isEmpty
        ? ""
        : "; no deletion record kept by "
          + forgetful.map { $0 == 0 ? "the cloud" : "device \($0 - 1)" }
          .joined(separator: ", ")
      return .broke(
        "food item \(slot) was deleted, but once quiet it is live again: \(run.views(of: slot))\(cause)")
    }
    return .holds
  }

  /// The verdict on a run through the cloud.
  static func judgeDeletionWinsThroughTheCloud(_ run: CloudDevicesRun) -> Observation {
    let deleted = Set(run.changes.filter { $0.deletion && $0.accepted }.map(\.slot))
    for slot in deleted.sorted() {
      guard let (place, state) = run.finalPlaces(slot).first(where: \.state.isLive) else { continue }
      let cause =
        run.finalCloud[slot] == .deleted
        ? "" : "; the cloud holds no deletion record of it, so no download tells a device of the deletion"
      return .broke(
        "\(run.name(slot)) was deleted, but once quiet \(place) holds it \(state): it came back\(cause)")
    }
    return .holds
  }
}
