import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 12: online, every create, update and deletion persists both on the device and in the
  /// cloud, identically.
  ///
  /// The oracle, written out: after every complete pass (it downloaded and left nothing queued),
  /// each entity the device holds is what the cloud holds, wherever the cloud's document is
  /// readable (a deletion on the device and no document in the cloud are the same: nothing), and is
  /// marked `synced` (nothing of it waits to go up, so the mark the app shows says
  /// so). A run syncs one collection: food items, exercise items, custom meals, the goal or daily
  /// logs (seed 002's "any entity type"; a log's own document here, its items F21's).
  static let dualPersistence = cloudDevicesProperty(
    "F12", "CRUD operations dual persistence", validates: ["5.1", "5.2", "5.3", "5.4", "5.5"],
    expect: "after a complete pass the device and the cloud hold the same items", anomaly: .divergence,
    judge: judgeDualPersistence)

  /// The verdict on one run.
  static func judgeDualPersistence(_ run: CloudDevicesRun) -> Observation {
    for pass in run.passes where pass.complete {
      for slot in 0..<run.slots where pass.cloudAfter[slot] != .unreadable {
        guard pass.after[slot].sameEffect(as: pass.cloudAfter[slot]) else {
          return .broke(
            "\(describe(pass)) completed with \(run.name(slot)) \(pass.after[slot]) on the device and "
              + "\(pass.cloudAfter[slot]) in the cloud: \(views(pass, slot))", anomaly: .divergence,
            step: pass.step)
        }
        if case .live(let held) = pass.after[slot], held.syncStatus != .synced {
          return .broke(
            "\(describe(pass)) completed with \(run.name(slot)) as the cloud holds it but marked "
              + "\(held.syncStatus.rawValue), though nothing of it is left to upload: \(views(pass, slot))",
            anomaly: .wrongSyncStatus, step: pass.step)
        }
      }
    }
    return .holds
  }
}
