import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// The workout policy's retention of a deletion record, written out: 30 days of 86,400 s.
  static let retention: TimeInterval = 30 * 86_400

  /// Seed 004, 2.4: a deletion is recorded once, synced, and removed only after 30 days synced.
  ///
  /// Seed 004, 2.4: a deletion is recorded with its time, once per entity (a record held keeps its
  /// time), marked synced when a sync pushes it, and removed only once synced and more than 30 days
  /// old, by the first sync after that. Half the runs judge a synced record at 30 days to the second:
  /// a second before, on it (kept: not more than 30 days old) and a second after (removed).
  static let deletionRecords = runSpec(
    "W2.4", "Deletions are recorded, synced and cleaned after 30 days", validates: ["2.4", "1.5"],
    shape: .init(waits: [1, 1, 60, 31 * 86_400], boundaries: [Int(retention)]), killBudget: 1_000,
    generatorVersion: 2,
    statement: "one record per deletion, synced by the next sync, removed only synced and over 30 days old",
    anomaly: .wrongSyncStatus
  ) { run in
    for event in run.events {
      guard let before = event.before, let after = event.after else { continue }
      let at = WorkoutRun.place(event)
      for (key, old) in before.records {
        guard let new = after.records[key] else {
          if case .sync = event.step, event.now.timeIntervalSince(old.deletedAt) > retention { continue }
          return .broke(
            "\(at): the record of \(key)'s deletion at \(FirestoreTime.text(old.deletedAt)) "
              + "(\(old.syncedAt == nil ? "unsynced" : "synced")) was removed", anomaly: .resurrection)
        }
        guard new.deletedAt == old.deletedAt else {
          return .broke(
            "\(at): the record of \(key)'s deletion moved from \(FirestoreTime.text(old.deletedAt)) to "
              + FirestoreTime.text(new.deletedAt))
        }
        if case .sync = event.step {
          guard new.syncedAt != nil else {
            return .broke("\(at): a sync left \(key)'s deletion record unsynced")
          }
          guard event.now.timeIntervalSince(new.deletedAt) <= retention else {
            return .broke(
              "\(at): the synced record of \(key)'s deletion at \(FirestoreTime.text(new.deletedAt)) is kept "
                + "past 30 days, at \(FirestoreTime.text(event.now))")
          }
        } else if new.syncedAt != old.syncedAt {
          return .broke("\(at): \(key)'s deletion record changed its syncedAt without a sync")
        }
      }
      if case .delete = event.step, let key = event.key, before.records[key] == nil {
        guard let record = after.records[key], record.deletedAt == event.now, record.syncedAt == nil else {
          return .broke(
            "\(at): deleting \(key) recorded \(after.records[key].map { "\($0)" } ?? "nothing"); expected a record "
              + "at \(FirestoreTime.text(event.now)), unsynced", anomaly: .resurrection)
        }
      }
    }
    return .holds
  }

  /// Seed 004, 1.5: a sync pushes unsynced deletions first, then takes in the cloud's.
  ///
  /// Seed 004, 1.5: a sync pushes the device's unsynced deletions first, then takes in the cloud's:
  /// a deletion removes the device's version unless that version was changed after it, which is
  /// kept.
  static let deletionTrumpsEdits = runSpec(
    "W1.5", "Deletions trump edits, except an edit made after the deletion", validates: ["1.5"],
    killBudget: 1_000,
    statement: "after a sync, every deletion is in the cloud, and a version older than a deletion is gone",
    anomaly: .resurrection
  ) { run in
    for event in run.events {
      guard case .sync = event.step, let before = event.before, let after = event.after else { continue }
      let at = WorkoutRun.place(event)
      for (key, record) in before.records where record.syncedAt == nil {
        guard
          event.cloudAfter.deletions[key] != nil || event.now.timeIntervalSince(record.deletedAt) > retention
        else { return .broke("\(at): the deletion of \(key) was not pushed to the cloud") }
      }
      for (key, deletedAt) in event.cloudBefore.deletions.sorted(by: { $0.key < $1.key }) {
        guard let mine = before.updatedAt(key) else { continue }
        let kept = after.updatedAt(key)
        if mine > deletedAt {
          guard kept != nil else {
            return .broke(
              "\(at): \(key), changed at \(FirestoreTime.text(mine)) after its deletion at "
                + "\(FirestoreTime.text(deletedAt)), was deleted", anomaly: .lostUpdate)
          }
        } else if let kept, kept <= deletedAt {
          return .broke(
            "\(at): \(key), changed at \(FirestoreTime.text(mine)) before its deletion at "
              + "\(FirestoreTime.text(deletedAt)), is still there")
        }
      }
    }
    return .holds
  }
}
