import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 22: a guest who creates an account gets all their local data uploaded, each item
  /// marked synced.
  ///
  /// The oracle, written out, for runs where device 0 is a guest until it signs up:
  /// - after every complete pass of device 0 from the sign-up on (it downloaded and left nothing
  ///   queued), every entity it holds is marked synced and owned by the account;
  /// - once quiet, every item the guest held at sign-up is in the cloud, unless a device deleted it
  ///   (deletion wins, before the sign-up or after; judged by effect: the cloud then holds a
  ///   deletion record, or nothing at all for a device that deletes outright) or its last upload
  ///   used up the retry budget on transient failures and waits for the user's retry (the queue's
  ///   bound, P18; the seed's "retry until it succeeds" would retry forever).
  static let migrationSuccess = cloudDevicesProperty(
    "F22", "Migration success", validates: ["9.1", "9.3"],
    expect: "a guest's items all reach the cloud under the new account, each marked synced",
    anomaly: .lostUpdate,
    inputs: CloudDevicesInput.migrationGenerator, judge: judgeMigrationSuccess)

  /// The verdict on one run.
  static func judgeMigrationSuccess(_ run: CloudDevicesRun) -> Observation {
    guard let signUp = run.signUp else { return .holds }
    for pass in run.passes where pass.device == 0 && pass.sequence > signUp.sequence && pass.complete {
      for (slot, state) in pass.after.enumerated() {
        guard case .live(let item) = state else { continue }
        guard item.syncStatus == .synced, item.userId == CloudDevicesRun.uid else {
          return .broke(
            "\(describe(pass)) completed with \(run.name(slot)) \(item.syncStatus.rawValue), owned by "
              + "\"\(item.userId)\", not synced and owned by \(CloudDevicesRun.uid)",
            anomaly: .wrongSyncStatus, step: pass.step)
        }
      }
    }
    let ledger = RetryLedger(replaying: run)
    for (slot, held) in signUp.guest.enumerated() where held != .absent && held != .deleted {
      guard run.finalCloud[slot] == .absent, !ledger.outOfRetries(0, slot) else { continue }
      // Deletion wins (8.3), whenever it was made: a deleted item's end state is the deletion's.
      if deletionTaken(run, slot: slot) { continue }
      return .broke("once quiet, the guest's \(run.name(slot)) (\(held)) never reached the cloud")
    }
    return .holds
  }

  /// "Migration.guestData" when device 0 edits before it signs up; "Migration.late" when it signs
  /// up after the last step.
  static func migrationTags(_ input: CloudDevicesInput) -> [String] {
    guard let signUp = input.signUp else { return [] }
    let steps = input.scenario.steps
    var tags: [String] = []
    if steps.prefix(signUp).contains(where: { if case .edit(0, _, _) = $0 { true } else { false } }) {
      tags.append("Migration.guestData")
    }
    if signUp >= steps.count { tags.append("Migration.late") }
    return tags
  }
}
