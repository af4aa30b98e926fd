import CountMeContract
import CountMeCore
import Foundation

extension CloudDevicesRun.World {
  /// `device` runs the system's retention at its clock, and deletes on the device each log it drops.
  ///
  /// `device` runs retention as the app does: the system's retention layer
  /// (`RetentionLayer.applyRetention`) over the device's logs at its clock, and each log it dropped
  /// deleted on the device (`DeviceSyncUnderTest.delete`), queued as a user's deletion is; recorded
  /// as a change of each such slot, and as a pass of retention with the device's slots before and
  /// after. A run of any other collection has no logs to retain: the step does nothing.
  mutating func retain(_ device: Int, step: Int) {
    guard Entity.entityType == .dailyLog else { return }
    let before = local(device)
    let due = expired(in: devices[device].store, at: now(device))
    for slot in 0..<Model.slots {
      let id = ids[slot]
      guard due.contains(id) else { continue }
      let was = local(device, slot)
      let accepted = devices[device].delete(id, now: now(device))
      noteChange(device, slot, step, calories: nil, accepted: accepted, before: was)
    }
    record.retentions.append(
      CloudDevicesRun.RetentionPass(
        device: device, step: step, clock: clock(device), before: before, after: local(device)))
  }

  /// The live logs of `store` the system's retention drops at `now`, in id order; none for any other entity.
  func expired(in store: EntityStore<Entity>, at now: Date) -> [UUID] {
    guard let logs = store as? EntityStore<DailyLog> else { return [] }
    let kept = system.retention.applyRetention(to: UserData(dailyLogs: logs), now: now)
    return logs.live.keys.filter { kept.dailyLogs.live[$0] == nil }.sorted { $0.uuidText < $1.uuidText }
  }
}
