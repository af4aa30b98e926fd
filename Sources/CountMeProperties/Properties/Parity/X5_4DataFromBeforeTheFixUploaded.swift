import CountMeContract
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 5.4 (and 5.1, 5.3): logs the iOS app saved only locally before the fix are uploaded
  /// on the next save, and stay on the phone.
  ///
  /// The oracle: the iPhone starts holding one or two logs saved a day before, never uploaded; after
  /// its first save, the first of its passes that ends online with nothing left queued leaves the
  /// cloud holding each of them, at that version or a later one; and the iPhone still holds a
  /// version of each at the end. (CountMeCore adopts them as a migration, `DeviceSyncLayer.migrate`:
  /// queued when the app starts, uploaded at the first pass, which is no later than the next save's.)
  static let dataFromBeforeTheFixUploaded = paritySyncProperty(
    "X5.4", "Local data from before the fix is uploaded on the next save", validates: ["5.4", "5.1", "5.3"],
    expect: "the logs saved before the fix are in the cloud after the next save's sync", anomaly: .lostUpdate,
    judge: judgeDataFromBeforeTheFixUploaded)

  static func judgeDataFromBeforeTheFixUploaded(_ run: ParityRun) -> Observation {
    let preFix = run.saves.filter { $0.step < 0 }
    for save in preFix where run.iPhone[save.slot] == nil {
      return .broke("the iPhone lost log \(save.slot), which it saved before the fix")
    }
    guard let firstSave = run.saves.first(where: { $0.onIPhone && $0.step >= 0 }),
      let pass = run.drained.first(where: { $0.step > firstSave.step })
    else { return .holds }
    for save in preFix {
      guard let held = pass.cloud[save.slot], held.updatedAt >= save.saved.updatedAt else {
        return .broke(
          "the iPhone saved log \(save.slot) before the fix (\(ParityRun.describe(save.saved))); after the next "
            + "save (step \(firstSave.step)) its pass at step \(pass.step) left nothing queued, yet the cloud holds "
            + ParityRun.describe(pass.cloud[save.slot]), step: pass.step)
      }
    }
    return .holds
  }
}
