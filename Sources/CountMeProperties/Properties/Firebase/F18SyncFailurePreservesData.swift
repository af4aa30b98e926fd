import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 18: a sync that fails, wholly or in part, loses no local change; an unreadable cloud
  /// document is one such failure.
  ///
  /// The oracle, written out, for every pass:
  /// - the device's entities change only by what its download brought, by the conflict rules
  ///   (`outcomes`; a deletion judged by its effect, a record or nothing), each readable document
  ///   taken in, and each document it reported removed a deletion; with no download, nothing changes;
  /// - every unreadable document downloaded is reported skipped, and nothing else is (a document
  ///   that names no entity, as a goal's under another name, counts as unreadable);
  /// - every entity queued before the pass and not acknowledged by the cloud in it is still
  ///   queued after it;
  /// - when the pass downloaded, every entity the device marks `synced` right after taking the
  ///   download in (against the cloud as the download found it, whether the pass uploaded first or
  ///   not), and at the end of the pass, is what the cloud then holds, wherever the cloud's
  ///   document is readable (seed 002: synced is "successfully synced to cloud"). A version that
  ///   beat the cloud's is not synced until its upload lands: F23 found a device that still called
  ///   its version synced after another device's repair wrote an older one over it, while the
  ///   upload that would put it back waited out a retry.
  static let syncFailurePreservesData = cloudDevicesProperty(
    "F18", "Sync failure preserves local data", validates: ["13.3"],
    expect: "no pass loses a local change, and every unreadable document is reported", anomaly: .lostUpdate,
    inputs: CloudDevicesInput.staleGenerator, generatorVersion: 3, judge: judgeSyncFailurePreservesData)

  /// The verdict on one run.
  static func judgeSyncFailurePreservesData(_ run: CloudDevicesRun) -> Observation {
    for pass in run.passes {
      // A removal is the cloud's deletion as a listener reports it.
      let received = (pass.downloaded ?? []) + pass.removed.map { (slot: $0, revision: 0, state: .deleted) }
      for slot in 0..<run.slots {
        let allowed = received.filter { $0.slot == slot }.reduce([pass.before[slot]]) { states, change in
          states.flatMap { outcomes($0, change.state) }
        }
        guard allows(allowed, pass.after[slot]) else {
          return .broke(
            "\(describe(pass)) left \(run.name(slot)) \(pass.after[slot]), not "
              + "\(either(allowed)): \(views(pass, slot))", step: pass.step)
        }
      }
      let unreadable =
        received.filter { $0.state == .unreadable }.map { (run.path($0.slot), $0.revision) } + pass.foreign
      let reported = pass.skipped.map { ($0.path, $0.revision) }
      guard unreadable.count == reported.count,
        unreadable.allSatisfy({ bad in reported.contains { $0 == bad } })
      else {
        return .broke(
          "\(describe(pass)) downloaded \(unreadable.count) unreadable document(s) and reported "
            + "\(reported.count) skipped: \(pass.skipped.map(\.description).joined(separator: "; "))",
          anomaly: .wrongSyncStatus, step: pass.step)
      }
      for slot in pass.queuedBefore where !pass.uploaded.contains(slot) && !pass.queuedAfter.contains(slot) {
        return .broke(
          "\(describe(pass)) dropped \(run.name(slot))'s queued upload, which the cloud never acknowledged",
          step: pass.step)
      }
      if let afterDownload = pass.afterDownload, let cloud = pass.cloudAtDownload,
        let slot = markedSyncedElsewhere(afterDownload, cloud: cloud)
      {
        return .broke(
          "\(describe(pass)) took in its download and left \(run.name(slot)) \(afterDownload[slot]) marked "
            + "synced while the cloud holds \(cloud[slot]): \(views(pass, slot))", anomaly: .wrongSyncStatus,
          step: pass.step)
      }
      if pass.downloaded != nil, let slot = markedSyncedElsewhere(pass.after, cloud: pass.cloudAfter) {
        return .broke(
          "\(describe(pass)) left \(run.name(slot)) marked synced while the cloud holds another version: "
            + views(pass, slot), anomaly: .wrongSyncStatus, step: pass.step)
      }
    }
    return .holds
  }

  /// The first slot `held` marks `synced` though the cloud holds other content.
  ///
  /// The first slot whose entity `held` marks `synced` though `cloud` holds a readable document of
  /// other content (F18 for every device, F23 for a migrating one).
  static func markedSyncedElsewhere(_ held: [CloudDevicesRun.SlotState], cloud: [CloudDevicesRun.SlotState])
    -> Int?
  {
    held.indices.first { slot in
      guard case .live(let item) = held[slot], item.syncStatus == .synced else { return false }
      return cloud[slot] != .unreadable && cloud[slot] != held[slot]
    }
  }
}
