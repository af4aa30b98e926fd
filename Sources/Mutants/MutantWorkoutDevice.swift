import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `WorkoutDevice` with one of `WorkoutMutant`'s bugs in its saves or syncs.
struct MutantWorkoutDevice: WorkoutDeviceUnderTest {
  let bug: WorkoutMutant.Bug
  var device: WorkoutDevice
  /// For `recreatedNotRefilled`: whether the next sync keeps only what the device held before it.
  var skipsNextPull = false

  var templates: [WorkoutKey: WorkoutTemplate] { device.templates }
  var sessions: [WorkoutKey: WorkoutSession] { device.sessions }
  var deletionRecords: [WorkoutKey: DeletionRecord] { device.deletionRecords }

  mutating func save(_ template: WorkoutTemplate, now: Date) -> Bool {
    let changed = device.save(template, now: now)
    guard var saved = device.templates[template.key] else { return changed }
    switch bug {
    case .saveAlwaysStamps where !changed: saved.updatedAt = now
    case .saveStampsEveryExercise where changed:
      saved.exercises = saved.exercises.map { child in
        var stamped = child
        stamped.updatedAt = now
        return stamped
      }
    default: return changed
    }
    replace(
      templates: device.templates.merging([(saved.key, saved)]) { _, new in new },
      records: device.deletions.sorted)
    return true
  }

  mutating func save(_ session: WorkoutSession, now: Date) -> Bool { device.save(session, now: now) }

  func persisted() -> Data {
    guard bug == .storeRoundsToSeconds else { return device.persisted() }
    func second(_ date: Date) -> Date {
      Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
    let templates = device.templates.values.sorted { $0.key < $1.key }.map { template in
      var copy = template
      copy.updatedAt = second(template.updatedAt)
      copy.exercises = template.exercises.map { child in
        var rounded = child
        rounded.updatedAt = second(child.updatedAt)
        return rounded
      }
      return copy
    }
    let sessions = device.sessions.values.sorted { $0.key < $1.key }.map { session in
      var copy = session
      copy.updatedAt = second(session.updatedAt)
      return copy
    }
    let records = device.deletions.sorted.map { record in
      var copy = record
      copy.deletedAt = second(record.deletedAt)
      copy.syncedAt = record.syncedAt.map(second)
      return copy
    }
    return WorkoutStore.encode(
      WorkoutDevice(
        policy: device.policy, templates: templates, sessions: sessions,
        deletions: DeletionTracker(records: records)))
  }

  mutating func delete(_ key: WorkoutKey, now: Date) {
    device.delete(key, now: now)
    guard bug == .recordCreatedSynced else { return }
    let records = device.deletions.sorted.map { record in
      var synced = record
      if synced.key == key, synced.syncedAt == nil { synced.syncedAt = now }
      return synced
    }
    replace(templates: device.templates, records: records)
  }

  mutating func sync(with cloud: inout WorkoutCloud, now: Date) -> WorkoutDevice.SyncReport {
    switch bug {
    case .deletionsNotPushed:
      let records = device.deletions.sorted.map { record in
        var synced = record
        if synced.syncedAt == nil { synced.syncedAt = now }
        return synced
      }
      replace(templates: device.templates, records: records)
      return device.sync(with: &cloud, now: now)
    case .recreatedNotRefilled where skipsNextPull:
      skipsNextPull = false
      let held = Set(device.keys)
      let report = device.sync(with: &cloud, now: now)
      device = WorkoutDevice(
        policy: device.policy, templates: device.templates.values.filter { held.contains($0.key) },
        sessions: device.sessions.values.filter { held.contains($0.key) }, deletions: device.deletions)
      return report
    case .pulledExerciseRenewed:
      let held = Set(device.templates.values.flatMap { $0.exercises.map(\.id) })
      let report = device.sync(with: &cloud, now: now)
      let renewed = device.templates.mapValues { template in
        var copy = template
        copy.exercises = template.exercises.map { child in
          guard !held.contains(child.id) else { return child }
          var fresh = child
          fresh.id = Self.renewed(child.id)
          return fresh
        }
        return copy
      }
      replace(templates: renewed, records: device.deletions.sorted)
      return report
    default:
      return device.sync(with: &cloud, now: now)
    }
  }

  /// `id` with its last byte's top bit flipped: another id, the same every time.
  private static func renewed(_ id: UUID) -> UUID {
    var bytes = id.uuid
    bytes.15 ^= 0x80
    return UUID(uuid: bytes)
  }

  /// The device holding `templates`, its sessions, and `records`.
  private mutating func replace(templates: [WorkoutKey: WorkoutTemplate], records: [DeletionRecord]) {
    device = WorkoutDevice(
      policy: device.policy, templates: templates.values.sorted { $0.key < $1.key },
      sessions: device.sessions.values.sorted { $0.key < $1.key },
      deletions: DeletionTracker(records: records))
  }
}
