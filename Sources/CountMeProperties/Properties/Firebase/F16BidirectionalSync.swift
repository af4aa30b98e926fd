import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 16: when a device's network comes back, its changes upload and the cloud's download.
  ///
  /// The oracle, written out: in the first pass after a device was offline that downloads and
  /// leaves nothing queued, every entity whose cloud document was readable (or absent) ends,
  /// on the device and in the cloud alike, as the conflict rules (`outcomes`) allow from the
  /// device's and the cloud's states before the pass (a deletion judged by its effect: a record or
  /// nothing, `allows`; a document the download reported removed, a deletion). The quiet spell at the end brings every
  /// device back, so once quiet every device holds what the cloud holds (a deletion and no document
  /// alike), for every entity whose
  /// cloud document is readable; and a document is unreadable once quiet only if no device holds
  /// any version of its entity (a device that does writes its version over the broken document:
  /// our repair rule, `CollectionSync`; seed 002 only skips it).
  ///
  /// Kill budget 1,000: `sync-keeps-winner-local` (a winner the cloud holds is kept only on the
  /// device) dies within 690 cases at worst of 60 seeds (median about 100); 500 missed it at one.
  static let bidirectionalSync = cloudDevicesProperty(
    "F16", "Bidirectional sync on reconnect", validates: ["7.3", "7.4"],
    expect: "after a reconnect, the device and the cloud both hold the reconciled data", anomaly: .divergence,
    inputs: CloudDevicesInput.staleGenerator, killBudget: 1_000, generatorVersion: 3,
    judge: judgeBidirectionalSync)

  /// The verdict on one run.
  static func judgeBidirectionalSync(_ run: CloudDevicesRun) -> Observation {
    for pass in run.passes where pass.afterReconnect {
      for slot in 0..<run.slots where pass.cloudBefore[slot] != .unreadable {
        // A document the download reported removed is absent because it was deleted.
        let cloud = pass.removed.contains(slot) ? .deleted : pass.cloudBefore[slot]
        let allowed = outcomes(pass.before[slot], cloud)
        guard allows(allowed, pass.after[slot]),
          pass.cloudAfter[slot].sameEffect(as: pass.after[slot])
        else {
          return .broke(
            "\(describe(pass)) after a reconnect left \(run.name(slot)) \(pass.after[slot]) on the device "
              + "and \(pass.cloudAfter[slot]) in the cloud, not both "
              + "\(either(allowed)): \(views(pass, slot))", step: pass.step)
        }
      }
    }
    for slot in 0..<run.slots where run.finalCloud[slot] == .unreadable {
      if let device = run.finalDevices.indices.first(where: { run.finalDevices[$0][slot] != .absent }) {
        return .broke(
          "once quiet the cloud still holds an unreadable document of \(run.name(slot)), yet device \(device) "
            + "holds it \(run.finalDevices[device][slot]): no device wrote its version over the broken one")
      }
    }
    for (device, held) in run.finalDevices.enumerated() {
      for slot in 0..<run.slots where run.finalCloud[slot] != .unreadable {
        guard held[slot].sameEffect(as: run.finalCloud[slot]) else {
          return .broke(
            "once quiet, device \(device) holds \(run.name(slot)) \(held[slot]) and the cloud \(run.finalCloud[slot])"
          )
        }
      }
    }
    return .holds
  }
}
