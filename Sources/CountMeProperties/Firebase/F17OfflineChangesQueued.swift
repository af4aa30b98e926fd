import CountMeCore
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 17: every change made offline (or online, before it is sent) is queued for upload.
  ///
  /// The oracle, written out: right after each local edit or deletion the device took, its queue
  /// holds an upload of that food item.
  static let f17 = cloudDevicesProperty(
    "F17", "Offline changes queued", validates: ["7.2", "13.4"],
    expect: "every local change is queued for upload", judge: judge17)

  /// The verdict on one run.
  static func judge17(_ run: CloudDevicesRun) -> Observation {
    for change in run.changes where change.accepted && !change.queued {
      return .broke(
        "device \(change.device)'s \(change.deletion ? "deletion" : "edit") of food item \(change.slot) "
          + "at step \(change.step)\(change.offline ? ", made offline," : "") was not queued for upload")
    }
    return .holds
  }
}
