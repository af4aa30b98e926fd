import CountMeContract
import CountMeCore
import Foundation

/// One bug in a device's sync of its daily logs and their items; everything else is the reference.
struct LogSyncMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A log's document is read on its own, naming no items.
    ///
    /// A log's document is read on its own (`DailyLog.fromFirestoreData`, which names no items), as a
    /// `CollectionSync<DailyLog>` would: the seed's design before `DailyLogSync`.
    case logsReadAlone
    /// The logs never learn the items' tombstones: two versions merge as if nothing was removed.
    case itemTombstonesIgnored
    /// Removing an item from a log edits the log but leaves the item live, with no tombstone.
    case removalLeavesItem
    /// A pass syncs the logs first, so a log may name items whose documents are not in the cloud yet.
    case logsBeforeFood
    /// A pass syncs the logs between the food and the exercise items, so a log may name exercise
    /// whose document is not in the cloud yet.
    case logsBeforeExercise
    /// The exercise items are never synced (`DailyLogSync` before it synced them): a log's
    /// exercise stays on the device that added it.
    case exerciseNotSynced
    /// A log's document that cannot be read is dropped, and never repaired.
    ///
    /// A log's document that cannot be read is dropped, and nothing else (seed 002's rule): no
    /// device writes its version over it, so a log another client broke stays broken.
    case logsNeverRepaired
    /// After an item download the logs lose the deleted items but keep stale copies of the others.
    ///
    /// After an item download the logs lose the deleted items but keep their copies of the others
    /// (`holdItems` without its second half): a newer version that reaches the store through the
    /// item's own collection never reaches a log whose document did not change.
    case itemCopiesGoStale
    /// A new device's log cursor starts at 1, not before the first revision: a new install misses
    /// the log the cloud held before any device wrote.
    case newDeviceLogCursorAtOne
    /// A pass syncs the logs whether or not the items synced before them are ready: downloaded,
    /// with nothing left to upload.
    ///
    /// A log may then name an item the cloud does not hold yet, and a device that reads it leaves the item
    /// out for good.
    case logsWithoutReadyItems
    /// A log naming a deleted item is uploaded again only when it names a deleted item of each kind.
    ///
    /// A log that names a deleted item is uploaded again only when it names a deleted item of each
    /// kind: a device that reads a log naming food it knows deleted leaves the cloud's version
    /// naming it.
    case reuploadsOnlyNamingBothKinds
    /// Removing an item the log does not hold succeeds, changing nothing: the caller is told the
    /// item was removed.
    case removalOfUnheldSucceeds
    /// Removing an item the device's item store holds no version of deletes nothing.
    ///
    /// Removing an item the device's item store holds no version of (a log kept from before
    /// `DailyLogSync`) edits the log but deletes nothing: with no tombstone, every other version of
    /// the log brings the item back.
    case removalNeedsStoredItem
    /// The logs go up past an item upload that failed for good.
    ///
    /// The logs go up past an item upload that failed for good (this repository's code before F21
    /// drew permanent faults): the cloud's log names an item whose document is not there.
    case logsPastFailedItems
    /// A new log is kept on the device and never queued: the app saves the day it opens, and only a
    /// later change to the log sends it.
    case createdLogNotQueued
    /// Creating a log the device already knows, or one holding items, answers that it was created,
    /// changing nothing.
    case createClaimsRefusedLog
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeLogSync(uid: String, logs: EntityStore<DailyLog>, queues: [any SyncQueueing])
    -> any LogSyncUnderTest
  {
    MutantLogSync(
      bug: bug,
      sync: DailyLogSync(
        uid: uid, foodQueue: queues[0], exerciseQueue: queues[1], logQueue: queues[2], logs: logs,
        cursors: (0, 0, bug == .newDeviceLogCursorAtOne ? 1 : 0)))
  }
}
