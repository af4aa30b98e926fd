import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 23: an unfinished migration keeps every local item and retries with backoff.
  ///
  /// Property 23: while a migration has not succeeded it keeps every local item, marks none synced
  /// before the cloud holds it, and retries failed uploads with exponential backoff.
  ///
  /// The oracle, written out, for runs where device 0 is a guest until it signs up:
  /// - right after the sign-up, device 0 holds every guest item, owned by the account, with the
  ///   same content otherwise, and none marked synced (nothing is uploaded yet);
  /// - after every pass of device 0 from then on, no guest item is absent unless device 0 took a
  ///   deletion of it since the sign-up (judged by effect: a deletion leaves a record, or nothing
  ///   at all on a device that deletes outright; a download may delete it by the conflict rules,
  ///   leaving a record, as F18 judges), and every item marked synced is what the cloud holds,
  ///   whenever the pass downloaded and the cloud's document is readable;
  /// - retries wait as F29 says (`RetryLedger`).
  static let migrationRetry = cloudDevicesProperty(
    "F23", "Migration retry and data preservation", validates: ["9.4"],
    expect: "a migration keeps every item, marks none synced early, and backs off", anomaly: .lostUpdate,
    inputs: CloudDevicesInput.migrationGenerator, judge: judgeMigrationRetry)

  /// The verdict on one run.
  static func judgeMigrationRetry(_ run: CloudDevicesRun) -> Observation {
    guard let signUp = run.signUp else { return .holds }
    for slot in 0..<run.slots {
      guard case .live(var expected) = signUp.guest[slot] else { continue }
      expected.userId = CloudDevicesRun.uid
      guard case .live(let held) = signUp.after[slot], held.syncStatus != .synced,
        signUp.after[slot] == .live(expected)
      else {
        return .broke(
          "right after the sign-up at step \(signUp.step), device 0 holds the guest's \(run.name(slot)) "
            + "\(signUp.after[slot])\(status(signUp.after[slot])), not \(CloudDevicesRun.SlotState.live(expected)) "
            + "owned by the account and not yet synced", step: signUp.step)
      }
    }
    for pass in run.passes where pass.device == 0 && pass.sequence > signUp.sequence {
      for slot in 0..<run.slots {
        let deleted = deletionTaken(run, slot: slot, device: 0, in: (signUp.sequence + 1)..<pass.sequence)
        if signUp.guest[slot] != .absent, pass.after[slot] == .absent, !deleted {
          return .broke(
            "\(describe(pass)) lost the guest's \(run.name(slot)): \(views(pass, slot))", step: pass.step)
        }
      }
      if pass.downloaded != nil, let slot = markedSyncedElsewhere(pass.after, cloud: pass.cloudAfter) {
        return .broke(
          "\(describe(pass)) marked \(run.name(slot)) synced while the cloud holds another version: "
            + views(pass, slot), anomaly: .wrongSyncStatus, step: pass.step)
      }
    }
    return judgeExponentialBackoff(run)
  }

  private static func status(_ state: CloudDevicesRun.SlotState) -> String {
    guard case .live(let item) = state else { return "" }
    return " (\(item.syncStatus.rawValue), owned by \"\(item.userId)\")"
  }
}
