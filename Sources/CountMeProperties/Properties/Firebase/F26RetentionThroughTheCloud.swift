import CountMeCore
import CountMeWorlds
import Foundation
import PropertyHarness

extension Firebase {
  /// F26's verdict on daily logs synced through the cloud, devices running retention among their steps.
  ///
  /// The oracle, written out in whole milliseconds: log `s` is dated at a midnight the run's own
  /// input fixes (`DailyLog.date(ofSlot:)`), and at a device's clock it is older than 90 days when
  /// `clock − date > 90 × 86,400,000`. After each retention a device ran, every log it held live is
  /// gone from it (deleted, or no longer held) if older, and held exactly as before if not. Once
  /// quiet, a log some retention had to delete is live on no device and not in the cloud; and a log
  /// no retention had to delete, that some device made and nobody deleted, is live on every device
  /// and in the cloud.
  static func judgeNinetyDayRetentionThroughTheCloud(_ run: CloudDevicesRun) -> Observation {
    let day: Int64 = 86_400_000
    var due = Set<Int>()
    for pass in run.retentions {
      for slot in 0..<run.slots {
        guard pass.before[slot].isLive else { continue }
        let dated = Int64((DailyLog.date(ofSlot: slot).timeIntervalSince(DevicesRun.start) * 1_000).rounded())
        let age = Int64(pass.clock) - dated
        let what =
          "device \(pass.device)'s retention at step \(pass.step), its clock at +\(pass.clock) ms, with "
          + "\(run.name(slot)) \(age / day) days and \(age % day) ms old"
        if age > 90 * day {
          due.insert(slot)
          if pass.after[slot].isLive {
            return .broke("\(what), kept it (older than 90 days)", anomaly: .resurrection, step: pass.step)
          }
        } else if pass.after[slot] != pass.before[slot] {
          return .broke(
            "\(what), left it \(pass.after[slot]) (it was \(pass.before[slot]); not older than 90 days)",
            step: pass.step)
        }
      }
    }
    for slot in 0..<run.slots {
      let made = run.changes.contains { $0.slot == slot && $0.accepted && !$0.deletion }
      let deleted = run.changes.contains { $0.slot == slot && $0.accepted && $0.deletion }
      let places = run.finalPlaces(slot)
      let views = places.map { "\($0.name): \($0.state)" }.joined(separator: ", ")
      for (name, state) in places {
        let live = state.isLive
        if due.contains(slot), live {
          return .broke(
            "\(run.name(slot)) was deleted for its age, but once quiet \(name) holds it: \(views)",
            anomaly: .resurrection)
        }
        if !due.contains(slot), made, !deleted, !live {
          return .broke(
            "\(run.name(slot)) was never due for deletion nor deleted, but once quiet \(name) lacks it: "
              + views)
        }
      }
    }
    return .holds
  }
}
