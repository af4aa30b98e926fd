import CountMeContract
import CountMeCore
import Foundation

/// One bug in a device's sync through the cloud; everything else is the reference.
struct DeviceSyncMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A new device's first download starts after revision 1, so it misses the first write ever.
    case missesFirstChange
    /// Every download starts from the beginning, so each pass downloads the whole collection again.
    case redownloadsEverything
    /// A pass uploads its queue before it downloads, overwriting newer versions in the cloud.
    case uploadsBeforeDownload
    /// A download whose cloud version loses to the local one keeps the winner on the device only.
    case keepsWinnerLocal
    /// A local deletion is not queued for upload.
    case deletionNotQueued
    /// Every edit is queued as a create, an update of an item the device has included.
    case editsQueuedAsCreates
    /// A download overwrites the local version, newer or not.
    case downloadOverwritesLocal
    /// The first unreadable document ends the download, unreported, its batch marked as read.
    case unreadableStopsDownload
    /// An unreadable document deletes the local item at its path.
    case unreadableDeletesLocal
    /// A failed upload is queued again as a new operation, so it goes at once, with no backoff.
    case retriesWithoutBackoff
    /// Once a pass finds the network down, edits and deletions are refused until one finds it up.
    case refusesChangesOffline
    /// Once a pass finds the network down, passes do nothing until the next local change.
    case staysPausedAfterOffline
    /// An update is marked sent without being sent (creations and deletions still go).
    case updatesNotUploaded
    /// A local winner is queued as a new upload even when one waits out its backoff (the reference
    /// until F29 found it), so the retry goes at once.
    case winnerCutsBackoff
    /// A migration marks the guest's items synced before uploading them.
    case migrationMarksSyncedEarly
    /// A migration leaves the guest's items unowned, so the cloud's rules refuse every upload.
    case migrationKeepsGuestOwner
    /// A failed migration upload deletes the item locally, as if rolling the migration back.
    case migrationClearsLocalOnFailure
    /// Every operation is queued as a food item's, whatever the collection.
    ///
    /// Every operation is queued as a food item's, whatever the collection (a copy of the food-item
    /// sync made generic and one `.foodItem` left behind): other collections upload to `foodItems`.
    case queuedAsFoodItems
    /// Every document is named by its entity's id, the goal's too.
    ///
    /// Every document is named by its entity's id, as before the goal came: the one goal lands at
    /// `profile/<uuid>` instead of `profile/settings`, where no other client looks for it.
    case documentsNamedByID
    /// A restart forgets the download cursor, so the next pass downloads the whole collection again.
    case cursorLostOnRestart
    /// The download cursor is kept in the Keychain, which a reinstall leaves.
    ///
    /// The download cursor is kept in the Keychain, which iOS keeps across a reinstall: the
    /// reinstalled device downloads only what changed after it, and never gets back what it had.
    case cursorSurvivesReinstall
    /// The network layer sets no timeout: a call that gets no answer hangs the pass for ever.
    case waitsForever
    /// The network layer keeps URLSession's default, 60 seconds, where seed 002 says 30.
    case timesOutAfterAMinute
    /// The network layer gives up on a call after 29 seconds: a call the seed waits 30 s for is cut off.
    case timesOutASecondEarly
    /// Every document of `profile` is read as the goal, not only `settings`: another client's
    /// document under another name replaces the user's goal.
    case anyProfileDocumentIsTheGoal
    /// An unreadable document is skipped and left as it is, never repaired.
    ///
    /// An unreadable document is skipped and left as it is, even when the device holds a version of
    /// its entity to write over it (seed 002's rule, before our repair rule).
    case neverRepairs
    /// A local change's operation is stamped at the device's `now`, not after the version it replaces.
    ///
    /// A deletion after a waiting repair stamped by a faster clock loses to the repair's update (this
    /// repository's code before F17 found it).
    case changesStampedAtNow
    /// A download whose cloud version loses queues the local winner but leaves it marked synced.
    ///
    /// A download whose cloud version loses to the local one queues the winner but leaves it
    /// marked synced, though the cloud no longer holds it (this repository's code before F23 found
    /// it: another device's repair wrote an older version over it while its retry waited).
    case winnerStaysSynced
    /// A local edit keeps its stamp to the nanosecond, which Firestore stores to the microsecond.
    ///
    /// A local edit keeps its stamp to the nanosecond (an app stamping `Date()`), which Firestore
    /// stores to the microsecond: the device's copy is never the cloud's (this repository's code
    /// before the scenario fidelity gate made the fake store timestamps as Firestore does).
    case stampsToTheNanosecond
    /// An upload that succeeds is never marked synced.
    ///
    /// The app shows every item as pending forever (an app of seed 002's design, found by F22 alone before
    /// F12 judged the marks).
    case uploadsNeverMarkedSynced
    /// A pass whose next upload waits for its backoff just ends, without saying when to come back.
    ///
    /// A failed upload is retried only when some later pass happens to come after its backoff (an app with no
    /// retry timer; nothing but F29's liveness check catches it).
    case retriesOnlyByChance
    /// A deletion deletes the cloud's document instead of writing a tombstone.
    ///
    /// A deletion deletes the cloud's document (Firestore's `delete()`) instead of writing a
    /// tombstone, and the removals a download reports go unread (an app with no listener): another
    /// device never takes the deletion, and a later edit there brings the item back (seed 002's
    /// resurrection, shown by F20 through the cloud).
    case hardDeletes
    /// A migration re-stamps every guest row with the time of the sign-up.
    ///
    /// A migration re-stamps every guest row with the time of the sign-up (an app that writes its
    /// rows again under the new account): the guest's old edits then win over newer ones.
    case migrationRestampsAtNow
    /// The pass a device starts on reconnect only uploads its queue.
    ///
    /// The device polls on reconnect, as real apps do, but that pass only uploads its queue: it
    /// never downloads what changed while it was away until a later sync.
    case reconnectUploadsOnly
    /// A download keeps the local version on a tie of `lastModified`.
    ///
    /// A download keeps the local version on a tie of `lastModified` (seed 003's "last write wins"
    /// read as "the cloud wins only if strictly newer"): two phones that saved within one second
    /// each keep their own.
    case tieKeepsLocal
    /// An edit is stamped 1 ms after the version it replaces, whatever its documents keep.
    ///
    /// An edit is stamped 1 ms after the version it replaces, whatever the entity's documents keep:
    /// a log stored to the second ties with the version it replaced when saved within its second.
    case stampsIgnoreResolution
    /// A save made while the last pass found the network down is kept locally and never queued.
    case offlineEditsNotQueued
    /// A migration adopts the local data and queues none of it.
    ///
    /// It reaches the cloud only if edited again (seed 003's iOS app before its fix, which saved locally
    /// only).
    case migrationQueuesNothing
    /// A daily log's deletion is kept on the device and never queued (other collections' go).
    ///
    /// A daily log's deletion is kept on the device and never queued, as in an app whose logs, once
    /// only created and changed, got a delete that reached the store alone: the log stays in the
    /// cloud and on every other device.
    case logDeletionNotQueued
    /// A migration moves every collection of the guest's but the daily logs, left behind on the phone.
    case migrationLeavesLogs
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeSync<Entity: CloudSyncedEntity>(of type: Entity.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>
  {
    MutantCollectionSync<Entity>(bug: bug, uid: uid, queue: queue)
  }

  func migrate<Entity: CloudSyncedEntity>(
    _ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Entity> {
    var guest = guest
    if bug == .migrationRestampsAtNow {
      let restamped = guest.live.mapValues { entity in
        var stamped = entity
        stamped.lastModified = now
        return stamped
      }
      guest = EntityStore(live: restamped, deleted: guest.deleted)
    }
    return MutantCollectionSync(bug: bug, uid: uid, queue: queue, migrating: guest)
  }
}
