import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 15: a change made offline succeeds on the local store alone.
  ///
  /// The oracle, written out, for every edit and deletion a step asks of an offline device:
  /// - an edit is taken unless the entity is deleted there (deletion wins, 8.3), and the device then
  ///   holds exactly the edited entity, last modified at the device's time, or 1 ms after the version
  ///   it replaces when the device's clock is behind that version (the tie-free edit stamp
  ///   `docs/rules.md` states), to the microsecond as Firestore stores it (`sameStoring`); a
  ///   refused edit changes nothing;
  /// - a deletion is taken when the entity is live there, and the device then holds nothing of it
  ///   (a deletion record, or nothing at all for a device that deletes outright: judged by effect,
  ///   `SlotState.sameEffect`); a refused one changes nothing.
  static let offlineOperationsWorkLocally = cloudDevicesProperty(
    "F15", "Offline operations work locally", validates: ["7.1"],
    expect: "every offline edit and deletion takes effect on the device at once", anomaly: .lostUpdate,
    judge: judgeOfflineOperationsWorkLocally)

  /// The verdict on one run.
  static func judgeOfflineOperationsWorkLocally(_ run: CloudDevicesRun) -> Observation {
    for change in run.changes where change.offline {
      let (takes, expected) = offlineOutcome(change, run)
      let what =
        "\(change.deletion ? "deletion" : "edit") of \(run.name(change.slot)) at step \(change.step)"
      guard change.accepted == takes else {
        return .broke(
          "device \(change.device) \(change.accepted ? "took" : "refused") an offline \(what), "
            + "holding it \(change.before)", step: change.step)
      }
      guard sameStoring(change.after, expected) else {
        return .broke(
          "after an offline \(what), device \(change.device) holds it \(change.after), not \(expected)",
          step: change.step)
      }
    }
    return .holds
  }

  /// Whether the device should take `change`, and what it should hold after it.
  private static func offlineOutcome(_ change: CloudDevicesRun.Change, _ run: CloudDevicesRun)
    -> (Bool, CloudDevicesRun.SlotState)
  {
    guard let calories = change.calories else {
      guard case .live = change.before else { return (false, change.before) }
      return (true, .deleted)
    }
    if change.before == .deleted { return (false, change.before) }
    let now = DevicesRun.date(change.at)
    // A run whose description refused the edit stopped at it, before any oracle.
    guard var item = run.edited(change.slot, calories: calories) else { return (true, change.before) }
    item.lastModified = now
    if case .live(let previous) = change.before {
      item.lastModified = max(now, previous.lastModified.addingTimeInterval(0.001))
      // An app's collection that merges takes an edit into what the device holds.
      if let merged = previous.merged(with: item) { item = merged }
    }
    return (true, .live(item))
  }
}
