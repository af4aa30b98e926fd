import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 13: a device's first sync downloads all of the user's cloud data.
  ///
  /// The oracle, written out: after a device's first successful download, every entity holds
  /// what the conflict rules (`outcomes`) allow from what the device held before and what the cloud
  /// held when the download was answered (after the pass's uploads, for a device that uploads
  /// first: which order is the device's choice, and an older copy sent over a newer is F16's
  /// harm), every readable document counted, a deletion judged by its effect (a record or
  /// nothing, `allows`); an unreadable one leaves the
  /// device's entity as it was and is reported skipped. (A new device holds nothing, so it ends with
  /// exactly the cloud's readable data; one that made changes offline first keeps those that win.)
  ///
  /// Nothing more: a device may download everything again at a later pass or launch (a listener's
  /// first snapshot does), which seed 002 allows; that a later sync downloads only what changed is
  /// P30's, an efficiency property with an anomaly of its own.
  static let initialSyncDownloadsAll = cloudDevicesProperty(
    "F13", "Initial sync downloads all data", validates: ["6.1"],
    expect: "a device's first sync takes in every readable cloud document",
    anomaly: .lostUpdate,
    judge: judgeInitialSyncDownloadsAll)

  /// The verdict on one run.
  static func judgeInitialSyncDownloadsAll(_ run: CloudDevicesRun) -> Observation {
    for pass in run.passes where pass.firstDownload {
      let cloud = pass.cloudAtDownload ?? pass.cloudBefore
      for slot in 0..<run.slots {
        let allowed = outcomes(pass.before[slot], cloud[slot])
        guard allows(allowed, pass.after[slot]) else {
          return .broke(
            "\(describe(pass)), its first download, left \(run.name(slot)) \(pass.after[slot]), "
              + "not \(either(allowed)): \(views(pass, slot))", step: pass.step)
        }
        if cloud[slot] == .unreadable,
          !pass.skipped.contains(where: { $0.path == run.path(slot) })
        {
          return .broke(
            "\(describe(pass)), its first download, did not report \(run.name(slot))'s unreadable document",
            anomaly: .wrongSyncStatus, step: pass.step)
        }
      }
    }
    return .holds
  }

  /// The first download that returned a document version its device had downloaded before (P30).
  static func downloadedAgain(_ run: CloudDevicesRun) -> String? {
    struct Version: Hashable { let device: Int, slot: Int, revision: Int }
    /// The step of the pass that first downloaded each version; nil for the quiet spell.
    var firstDownloadedAt: [Version: Int?] = [:]
    for pass in run.passes {
      let versions = (pass.downloaded ?? []).map {
        Version(device: pass.device, slot: $0.slot, revision: $0.revision)
      }
      for version in versions {
        guard let step = firstDownloadedAt[version] else { continue }
        return
          "\(describe(pass)) downloaded \(run.name(version.slot))'s revision \(version.revision) again, "
          + "which its earlier pass \(step.map { "at step \($0)" } ?? "in the quiet spell") "
          + "had downloaded: a sync downloads only what changed since the last"
      }
      for version in versions { firstDownloadedAt[version] = .some(pass.step) }
    }
    return nil
  }
}
