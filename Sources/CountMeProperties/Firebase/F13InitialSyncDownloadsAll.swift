import CountMeCore
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 13: a device's first sync downloads all of the user's cloud data.
  ///
  /// The oracle, written out: after a device's first successful download, every food item holds
  /// what the conflict rules (`outcomes`) allow from what the device held before and what the cloud
  /// held when the pass began, every readable document counted; an unreadable one leaves the
  /// device's item as it was and is reported skipped. (A new device holds nothing, so it ends with
  /// exactly the cloud's readable data; one that made changes offline first keeps those that win.)
  static let f13 = cloudDevicesProperty(
    "F13", "Initial sync downloads all data", validates: ["6.1"],
    expect: "a device's first sync takes in every readable cloud document", judge: judge13)

  /// The verdict on one run.
  static func judge13(_ run: CloudDevicesRun) -> Observation {
    for pass in run.passes where pass.firstDownload {
      for slot in 0..<DevicesScenario.slots {
        let allowed = outcomes(pass.before[slot], pass.cloudBefore[slot])
        guard allowed.contains(pass.after[slot]) else {
          return .broke(
            "\(describe(pass)), its first download, left food item \(slot) \(pass.after[slot]), "
              + "not \(allowed.map(\.description).joined(separator: " or ")): \(views(pass, slot))")
        }
        if pass.cloudBefore[slot] == .unreadable,
          !pass.skipped.contains(where: { $0.path == CloudDevicesRun.path(slot) })
        {
          return .broke(
            "\(describe(pass)), its first download, did not report food item \(slot)'s unreadable document")
        }
      }
    }
    return .holds
  }
}
