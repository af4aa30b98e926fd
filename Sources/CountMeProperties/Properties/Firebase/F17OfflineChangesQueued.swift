import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 17: every change made offline (or online, before it is sent) is queued for upload.
  ///
  /// The oracle, written out: right after each local edit or deletion the device took, its queue
  /// holds an upload of that entity, and the newest waiting one is of the change's kind (seed
  /// 002's `SyncOperation`): a deletion is a `delete`, an edit of an entity the device had live an
  /// `update`, an edit of one it had not a `create`. And it is stamped after the version it
  /// replaces: the queue keeps the newer of two operations of one entity by their timestamps, so a
  /// change stamped before the version the device saw (whose clock may run ahead of this one's)
  /// would lose to an upload of that version still waiting (our rule, the one `Reconcile.editStamp`
  /// states for versions: a change made after seeing a version is newer than it on every clock).
  static let offlineChangesQueued = cloudDevicesProperty(
    "F17", "Offline changes queued", validates: ["7.2", "13.4"],
    expect: "every local change is queued for upload, as a create, update or delete", anomaly: .lostUpdate,
    judge: judgeOfflineChangesQueued)

  /// The verdict on one run.
  static func judgeOfflineChangesQueued(_ run: CloudDevicesRun) -> Observation {
    // NB: a function, so the sentence is made only for the change that breaks the property.
    func what(_ change: CloudDevicesRun.Change) -> String {
      "device \(change.device)'s \(change.deletion ? "deletion" : "edit") of \(run.name(change.slot)) "
        + "at step \(change.step)\(change.offline ? ", made offline," : "")"
    }
    for change in run.changes where change.accepted {
      guard change.queued else {
        return .broke("\(what(change)) was not queued for upload", step: change.step)
      }
      let expected: SyncOperation.Kind
      if change.deletion {
        expected = .delete
      } else if case .live = change.before {
        expected = .update
      } else {
        expected = .create
      }
      if let kind = change.queuedKind, kind != expected {
        return .broke(
          "\(what(change)) was queued as \(kind.rawValue), not \(expected.rawValue) (before it, the "
            + "device's copy was \(change.before))", anomaly: .wrongSyncStatus, step: change.step)
      }
      if case .live(let replaced) = change.before, let stamp = change.queuedAt, stamp <= replaced.lastModified
      {
        return .broke(
          "\(what(change)) was queued at +\(DevicesRun.milliseconds(until: stamp)) ms, not after the "
            + "version it replaces (\(change.before))", step: change.step)
      }
    }
    return .holds
  }
}
