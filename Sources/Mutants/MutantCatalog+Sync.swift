import CountMeContract
import PropertyHarness

extension MutantCatalog {
  /// The mutants of conflicts, retention, device sync and log sync.
  static let syncMutants: [Mutant] = [
    conflict(
      "lww-seed-tie-takes-other",
      "seed 002's `local > cloud ? local : cloud`: on a tie each device keeps the other's",
      .seedTieTakesOther, killedBy: "F19"),
    conflict("lww-older-wins", "the older of two versions is kept", .olderWins, killedBy: "F19"),
    conflict(
      "goal-higher-wins", "of two goals the larger is kept, not the later: a lowered goal comes back",
      .goalHigherWins, killedBy: "F19"),
    conflict(
      "merge-drops-other-only-items", "a merged log keeps only the local version's food items",
      .mergeDropsOtherOnly, killedBy: "F21"),
    conflict(
      "merge-stamped-later", "a merged log stamped later than both versions (seed 002's \"current time\")",
      .mergeStampedLater, killedBy: "F21"),
    conflict(
      "deletion-loses-to-later-edit", "a version edited after a deletion brings the entity back",
      .deletionLosesToLaterEdit, killedBy: "F20"),
    conflict(
      "store-ignores-remote-deletions", "a sync never takes in the other store's deletions",
      .storeIgnoresRemoteDeletions, killedBy: "F20"),
    conflict(
      "store-forgets-deletion-records", "a sync removes deleted items but keeps no record of the deletions",
      .forgetsDeletionRecords, killedBy: "F20"),
    conflict(
      "store-keeps-own-version", "a sync keeps the store's own version of an entity it already holds",
      .storeKeepsOwnVersion, killedBy: "F14"),
    conflict(
      "merge-ignores-deletions", "a merged log keeps food and exercise items that were deleted",
      .mergeIgnoresDeletions, killedBy: "F21"),
    conflict(
      "logs-ignore-item-deletions",
      "logs synced blind to their items' deletions: food removed on one device comes back from another",
      .logsIgnoreItemDeletions, killedBy: "F21"),
    retention(
      "retention-keeps-a-day-longer", "daily logs deleted only when more than 91 days old",
      .keepsADayLonger, killedBy: "F26"),
    retention(
      "retention-deletes-at-90-days", "a log exactly 90 days old deleted (`>=` for \"older than\")",
      .deletesAtNinetyDays, killedBy: "F26"),
    retention(
      "retention-age-from-last-modified", "a log's age taken from its lastModified, not its date",
      .ageFromLastModified, killedBy: "F26"),
    retention(
      "retention-deletes-without-tombstone", "an old log removed locally with no deletion recorded",
      .deletesWithoutTombstone, killedBy: "F26"),
    retention(
      "retention-deletes-old-meals", "custom meals unchanged for 90 days deleted with the old logs",
      .deletesOldMeals, killedBy: "F27"),
    retention(
      "retention-removes-old-goal", "a goal unchanged for 90 days removed with the old logs",
      .removesOldGoal, killedBy: "F28"),
    deviceSync(
      "sync-misses-first-change", "a new device's first download starts after the cloud's first write",
      .missesFirstChange, killedBy: "F13"),
    deviceSync(
      "sync-redownloads-everything", "every pass downloads the whole collection, not what changed",
      .redownloadsEverything, killedBy: "P30"),
    deviceSync(
      "sync-uploads-before-download", "a pass uploads its queue before downloading, over newer versions",
      .uploadsBeforeDownload, killedBy: "F16"),
    deviceSync(
      "sync-keeps-winner-local", "a local version that beats the cloud's is never sent to the cloud",
      .keepsWinnerLocal, killedBy: "F16"),
    deviceSync(
      "sync-deletion-not-queued", "a local deletion is not queued for upload", .deletionNotQueued,
      killedBy: "F17"),
    deviceSync(
      "sync-log-deletion-stays-local", "a daily log's deletion is kept on the device, never queued",
      .logDeletionNotQueued, killedBy: "F17"),
    deviceSync(
      "sync-edits-queued-as-creates", "every edit is queued as a create, updates of items it has included",
      .editsQueuedAsCreates, killedBy: "F17"),
    deviceSync(
      "sync-tie-keeps-local",
      "a download keeps the local version on a tie of lastModified: two phones saving within a second keep their own",
      .tieKeepsLocal, killedBy: "X5.6"),
    deviceSync(
      "sync-stamps-ignore-resolution",
      "an edit stamped 1 ms after the version it replaces: a log kept to the second ties with it",
      .stampsIgnoreResolution,
      killedBy: "X5.6"),
    deviceSync(
      "sync-local-data-never-queued", "data saved locally before the sync existed is adopted, never queued",
      .migrationQueuesNothing, killedBy: "X5.4"),
    deviceSync(
      "sync-offline-saves-not-queued", "a save made while the network is down is kept locally, never queued",
      .offlineEditsNotQueued, killedBy: "X5.5"),
    deviceSync(
      "sync-download-overwrites-local", "a download overwrites the local version, newer or not",
      .downloadOverwritesLocal, killedBy: "F18"),
    deviceSync(
      "sync-unreadable-stops-download", "the first unreadable document ends the download, unreported",
      .unreadableStopsDownload, killedBy: "F18"),
    deviceSync(
      "sync-unreadable-deletes-local", "an unreadable document deletes the device's item at its path",
      .unreadableDeletesLocal, killedBy: "F18"),
    deviceSync(
      "sync-retry-without-backoff", "a failed upload is queued again as new, so it is retried at once",
      .retriesWithoutBackoff, killedBy: "F29"),
    deviceSync(
      "sync-winner-cuts-backoff", "a download's local winner is queued anew over an upload in its backoff",
      .winnerCutsBackoff, killedBy: "F29"),
    deviceSync(
      "sync-refuses-changes-offline", "edits and deletions are refused once a pass finds the network down",
      .refusesChangesOffline, killedBy: "F15"),
    deviceSync(
      "sync-stays-paused-after-offline", "after an offline pass, passes do nothing until a local change",
      .staysPausedAfterOffline, killedBy: "F30"),
    deviceSync(
      "sync-updates-not-uploaded", "an update is marked sent without being sent", .updatesNotUploaded,
      killedBy: "F12"),
    deviceSync(
      "migration-marks-synced-early", "a migration marks the guest's items synced before uploading them",
      .migrationMarksSyncedEarly, killedBy: "F23"),
    deviceSync(
      "migration-keeps-guest-owner", "a migration leaves the guest's items unowned; the cloud refuses them",
      .migrationKeepsGuestOwner, killedBy: "F22"),
    deviceSync(
      "migration-leaves-logs-behind", "a migration moves every collection of the guest's but the daily logs",
      .migrationLeavesLogs, killedBy: "F22"),
    deviceSync(
      "migration-clears-local-on-failure", "a failed migration upload deletes the item on the device",
      .migrationClearsLocalOnFailure, killedBy: "F23"),
    deviceSync(
      "sync-queues-every-collection-as-food-items",
      "every upload is queued as a food item's, so exercise items and meals land in foodItems",
      .queuedAsFoodItems, killedBy: "F12"),
    deviceSync(
      "sync-goal-named-by-id",
      "documents are named by their entity's id, so the goal misses profile/settings",
      .documentsNamedByID, killedBy: "F12"),
    deviceSync(
      "sync-cursor-lost-on-restart",
      "a restart forgets the download cursor; the next pass downloads everything",
      .cursorLostOnRestart, killedBy: "P30"),
    deviceSync(
      "sync-cursor-survives-reinstall",
      "the download cursor lives in the Keychain: a reinstalled iPhone never downloads what it had",
      .cursorSurvivesReinstall, killedBy: "X6.4"),
    deviceSync(
      "sync-waits-forever", "no timeout on a cloud call: one that gets no answer hangs the pass for ever",
      .waitsForever, killedBy: "P32"),
    deviceSync(
      "sync-times-out-after-a-minute",
      "a cloud call times out after URLSession's default 60 s, not seed 002's 30",
      .timesOutAfterAMinute, killedBy: "P32"),
    deviceSync(
      "sync-times-out-a-second-early", "a cloud call times out after 29 s, where seed 002 waits 30",
      .timesOutASecondEarly, killedBy: "P32"),
    deviceSync(
      "sync-any-profile-document-is-the-goal",
      "a document of profile under any name is taken as the user's goal",
      .anyProfileDocumentIsTheGoal, killedBy: "F18"),
    deviceSync(
      "sync-stamps-to-the-nanosecond",
      "a local edit is stamped to the nanosecond, which Firestore does not store",
      .stampsToTheNanosecond, killedBy: "F12"),
    deviceSync(
      "sync-uploads-never-marked-synced",
      "an upload that succeeds leaves its item marked pending, forever",
      .uploadsNeverMarkedSynced, killedBy: "F12"),
    deviceSync(
      "sync-retries-only-by-chance",
      "a pass whose next upload waits for its backoff ends without saying when: no retry timer",
      .retriesOnlyByChance, killedBy: "F29"),
    deviceSync(
      "sync-hard-deletes",
      "a deletion deletes the cloud's document (delete(), no tombstone) and no download's removal is taken in",
      .hardDeletes, killedBy: "F20"),
    deviceSync(
      "sync-migration-restamps-at-now",
      "a migration writes every guest row again stamped with the sign-up's time",
      .migrationRestampsAtNow, killedBy: "F23"),
    deviceSync(
      "sync-reconnect-uploads-only",
      "the pass an app starts on reconnect uploads its queue and downloads nothing",
      .reconnectUploadsOnly, killedBy: "F30"),
    deviceSync(
      "sync-never-repairs",
      "an unreadable document is only skipped, never written over by the device's own version",
      .neverRepairs, killedBy: "F16"),
    deviceSync(
      "sync-changes-stamped-at-now",
      "a local change is queued at the device's time, so a deletion loses to a waiting repair from a faster clock",
      .changesStampedAtNow, killedBy: "F17"),
    deviceSync(
      "sync-winner-stays-synced",
      "a local version that beats the cloud's is queued again but left marked synced",
      .winnerStaysSynced, killedBy: "F18"),
    logSync(
      "log-sync-reads-logs-alone",
      "a log's document is read on its own, naming no food, as a CollectionSync<DailyLog> reads it",
      .logsReadAlone, killedBy: "F21"),
    logSync(
      "log-sync-ignores-item-tombstones",
      "logs merge without the food items' tombstones, so removed food comes back",
      .itemTombstonesIgnored, killedBy: "F21"),
    logSync(
      "log-removal-leaves-item", "food removed from a log is left live, with no tombstone",
      .removalLeavesItem, killedBy: "F21"),
    logSync(
      "log-sync-logs-before-food", "a pass syncs the logs before the food items they name",
      .logsBeforeFood, killedBy: "F21"),
    logSync(
      "log-sync-logs-before-exercise",
      "a pass syncs the logs after the food items but before the exercise items they name",
      .logsBeforeExercise, killedBy: "F21"),
    logSync(
      "log-sync-skips-exercise",
      "the exercise items are never synced: a log's exercise stays where it was added",
      .exerciseNotSynced, killedBy: "F21"),
    logSync(
      "log-sync-never-repairs-logs",
      "a log's document another client broke is skipped and never written over: it stays broken",
      .logsNeverRepaired, killedBy: "F21"),
    logSync(
      "log-sync-item-copies-go-stale",
      "a log keeps its copy of an item when a newer version arrives through the item's collection",
      .itemCopiesGoStale, killedBy: "F21"),
    logSync(
      "log-sync-new-device-cursor-at-one",
      "a new device's log cursor starts at 1: a new install misses the log the cloud held first",
      .newDeviceLogCursorAtOne, killedBy: "F21"),
    logSync(
      "log-sync-logs-without-ready-items",
      "a pass syncs the logs though an item download failed or an item upload is still pending",
      .logsWithoutReadyItems, killedBy: "F21"),
    logSync(
      "log-sync-reuploads-only-naming-both-kinds",
      "a log naming a deleted item goes up again only when it names deleted food and deleted exercise",
      .reuploadsOnlyNamingBothKinds, killedBy: "F21"),
    logSync(
      "log-sync-removal-of-unheld-succeeds",
      "removing an item the log does not hold reports success", .removalOfUnheldSucceeds, killedBy: "F21"),
    logSync(
      "log-sync-removal-needs-stored-item",
      "removing an item known only from a legacy log deletes nothing: the item comes back",
      .removalNeedsStoredItem, killedBy: "F21"),
    logSync(
      "log-sync-past-failed-items",
      "the logs go up past an item the cloud refused for good: the log names an item no device sees",
      .logsPastFailedItems, killedBy: "F21"),
    logSync(
      "log-sync-created-log-not-queued",
      "a day's new log is saved on the device but never queued: no other device sees it",
      .createdLogNotQueued, killedBy: "F21"),
    logSync(
      "log-sync-create-claims-refused-log",
      "creating a log the device already knows answers that it was created, changing nothing",
      .createClaimsRefusedLog, killedBy: "F21"),
  ]
}
