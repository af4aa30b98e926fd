import CountMeContract
import PropertyHarness

/// Every mutant, by name, with the property that must kill it first (`killedBy`): the bug it is the
/// proof for. `MutantsTests` checks each dies of it at seeds the matrix does not use.
public enum MutantCatalog {
  /// Every mutant, in the order the kill matrix prints them.
  public static let all: [Mutant] = [
    model(
      "calories-max-exclusive", "`calories < 50_000` where the requirement allows 50,000",
      .caloriesMaxExclusive, killedBy: "P1"),
    model(
      "calories-allow-one-more", "calories checked against 50,001: just above the maximum passes",
      .caloriesAllowOneMore, killedBy: "P2"),
    model(
      "quantity-allows-zero", "`quantity >= 0` instead of `> 0`", .quantityAllowsZero, killedBy: "P6"),
    model(
      "quantity-minimum-one", "quantity must be at least 1, rejecting half a cup", .quantityMinimumOne,
      killedBy: "P5"),
    model(
      "duration-max-1439", "duration checked against 1,439 minutes", .durationMax1439, killedBy: "P3"),
    model(
      "duration-max-1441", "duration checked against 1,441 minutes", .durationMax1441, killedBy: "P4"),
    model(
      "name-not-trimmed", "only the empty string counts as an empty name", .nameNotTrimmed, killedBy: "P2"),
    model(
      "name-ascii-spaces-trimmed", "only ASCII spaces trimmed: a tab or newline name passes",
      .nameOnlyASCIISpacesTrimmed, killedBy: "P2"),
    model(
      "invisible-name-accepted", "whitespace trimmed, but zero-width and format characters count as visible",
      .invisibleNameAccepted, killedBy: "P2"),
    model(
      "fats-never-checked", "protein and carbohydrates checked, fats forgotten", .fatsNeverChecked,
      killedBy: "P2"),
    model(
      "macros-only-when-all-present", "macros checked only when all three are given",
      .macrosOnlyWhenAllPresent, killedBy: "P2"),
    model(
      "nan-calories-accepted", "`guard !(calories < 0), !(calories > max)` lets NaN through",
      .nanCaloriesAccepted, killedBy: "P2"),
    model(
      "wrong-error-above-max", "negativeCalories thrown for calories above the maximum", .wrongErrorAboveMax,
      killedBy: "P2"),
    model(
      "servings-allow-zero", "`servingsCount >= 0`", .servingsAllowZero, killedBy: "P8"),
    model(
      "empty-ingredients-accepted", "a meal with no ingredients is built", .emptyIngredientsAccepted,
      killedBy: "P8"),
    model(
      "goal-max-exclusive", "`dailyGoal < 50_000`", .goalMaxExclusive, killedBy: "P9"),
    model(
      "negative-goal-accepted", "only the upper bound of the goal checked", .negativeGoalAccepted,
      killedBy: "P10"),
    model(
      "user-goal-max-exclusive", "`dailyCalorieGoal < 50_000`", .userGoalMaxExclusive, killedBy: "P28"),
    model(
      "negative-user-goal-accepted", "UserGoal never checks its goal (mutation M115's gap)",
      .negativeUserGoalAccepted, killedBy: "P29"),
    model(
      "ingredient-macros-unchecked", "Ingredient skips the macro rules FoodItem has",
      .ingredientMacrosUnchecked, killedBy: "P6"),
    model(
      "exercise-name-unchecked", "ExerciseItem never checks its name", .exerciseNameUnchecked, killedBy: "P4"),
    model(
      "meal-drops-last-ingredient", "an off-by-one copying ingredients loses the last one",
      .mealDropsLastIngredient, killedBy: "P7"),
    model(
      "calories-rounded", "calories stored rounded to whole numbers", .caloriesRounded, killedBy: "P1"),
    totals(
      "meal-per-serving-ignores-servings", "a meal's calories per serving shown as the whole meal's",
      .perServingIgnoresServings, killedBy: "P25"),
    totals(
      "log-net-adds-burned", "a log's net calories shown as eaten plus burned", .netAddsBurned,
      killedBy: "P25"),
    totals(
      "meal-fats-from-protein", "a meal's fats summed from its ingredients' protein", .fatsFromProtein,
      killedBy: "P25"),
    defaults(
      "new-meal-two-servings", "a new custom meal is made for 2 servings, not 1", .mealTwoServings,
      killedBy: "P26"),
    defaults(
      "new-food-item-synced", "a new food item starts out synced, so it is never uploaded",
      .newFoodItemSynced,
      killedBy: "P26"),
    queueDefaults(
      "queue-default-capacity-999", "a queue made with no settings holds 999, one short of 1,000",
      .capacity999, killedBy: "P13"),
    queueDefaults(
      "queue-default-three-retries", "a queue made with no settings gives up after 3 retries, not 6",
      .threeRetries, killedBy: "P18"),
    queueDefaults(
      "queue-default-max-delay-59", "a queue made with no settings caps its backoff at 59 s, not 60",
      .maxDelay59, killedBy: "P18"),
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
      .redownloadsEverything, killedBy: "F13"),
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
      "sync-edits-queued-as-creates", "every edit is queued as a create, updates of items it has included",
      .editsQueuedAsCreates, killedBy: "F17"),
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
      .cursorLostOnRestart, killedBy: "F13"),
    deviceSync(
      "sync-any-profile-document-is-the-goal",
      "a document of profile under any name is taken as the user's goal",
      .anyProfileDocumentIsTheGoal, killedBy: "F18"),
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
    decoder(
      "decoder-skips-calories-range", "FoodItem.fromFirestoreData never range-checks calories",
      .skipsCaloriesRange, killedBy: "P11"),
    decoder(
      "decoder-skips-ingredient-quantity",
      "ingredients inside a CustomMeal document not checked for quantity", .skipsIngredientQuantity,
      killedBy: "P11"),
    decoder(
      "decoder-reads-near-uuids",
      "ids read by Linux Foundation's UUID(uuidString:): \"+0000000-0000-…\" names the entity 00000000-0000-…",
      .readsNearUUIDs, killedBy: "P11"),
    decoder(
      "decoder-carries-nanoseconds",
      "a timestamp read as seconds + nanoseconds/1e9: -1 ns and 1,000,000,000 ns, which Firestore refuses, decode",
      .carriesNanoseconds, killedBy: "P11"),
    decoder(
      "decoder-accepts-empty-ingredients", "a CustomMeal document with no ingredients decodes",
      .acceptsEmptyIngredients, killedBy: "P11"),
    decoder(
      "decoder-rejects-integers",
      "numbers read with `as? Double` only: integers written by other clients refused", .rejectsIntegers,
      killedBy: "P12"),
    decoder(
      "decoder-accepts-bool-as-number", "`true` read as 1 (on Linux `NSNumber(value: 1) is Bool`)",
      .acceptsBoolAsNumber, killedBy: "P11"),
    decoder(
      "decoder-drops-wrong-type-optional", "an optional of the wrong type silently becomes nil",
      .dropsWrongTypeOptional, killedBy: "P11"),
    decoder(
      "decoder-rewrites-unknown-exercise-type", "an unknown exercise type is rewritten to walking",
      .rewritesUnknownExerciseType, killedBy: "P12"),
    decoder(
      "decoder-ignores-owner", "a document with an empty userId is accepted", .ignoresOwner, killedBy: "P11"),
    decoder(
      "decoder-drops-protein", "FoodItem.fromFirestoreData never reads protein", .dropsProtein,
      killedBy: "P12"),
    decoder(
      "decoder-nan-explained-as-negative",
      "a NaN in a document reported as a negative value: the right field, the wrong rule",
      .nanExplainedAsNegative, killedBy: "P11"),
    decoder(
      "decoder-out-of-range-explained-as-missing", "a value that breaks a rule reported as a missing field",
      .outOfRangeExplainedAsMissing, killedBy: "P11"),
    decoder(
      "decoder-reads-geopoint-as-number", "a geo point in a number field read as its latitude",
      .readsGeoPointAsNumber, killedBy: "P11"),
    decoder(
      "decoder-rejects-unknown-value-types", "a geo point, reference or bytes under an unknown key refused",
      .rejectsUnknownValueTypes, killedBy: "P12"),
    decoder(
      "decoder-dates-round-past-9999",
      "Firestore's last instant read as the nearest Date, 10000-01-01, which Firestore cannot store",
      .datesRoundPastLastSecond, killedBy: "P12"),
    decoder(
      "decoder-refuses-nsnumber", "numbers read as Swift values only: the iOS SDK's NSNumber refused",
      .refusesNSNumber, killedBy: "P12"),
    decoder(
      "decoder-truncates-int64", "64-bit integers read through a 32-bit Int: Int64.max calories become -1",
      .truncatesInt64, killedBy: "P11"),
    decoder(
      "decoder-truncates-goal-fraction", "a goal of 1999.5 read as 1999 where a whole number belongs",
      .goalFractionTruncated, killedBy: "P11"),
    decoder(
      "decoder-refuses-whole-double-goal", "a goal read with `as? Int` only: 2000.0 from a client refused",
      .goalWholeDoubleRefused, killedBy: "P12"),
    encoder(
      "encoder-total-is-net-calories", "a daily log's total written as food minus exercise calories",
      .totalIsNetCalories, killedBy: "P22"),
    encoder(
      "encoder-drops-zero-macros", "a macro of 0 g left out of the document, so it reads back as none",
      .dropsZeroMacros, killedBy: "P22"),
    encoder(
      "encoder-timestamp-in-milliseconds", "dates written as whole milliseconds since 1970, truncated",
      .timestampInMilliseconds, killedBy: "P27"),
    encoder(
      "encoder-goal-as-double", "the goal written as a Double where seed 002's schema says Int",
      .goalAsDouble, killedBy: "P22"),
    queue(
      "queue-no-capacity-check", "enqueue never checks the capacity", .noCapacityCheck, killedBy: "P13"),
    queue(
      "queue-drops-newest", "at capacity the new operation is dropped instead of the oldest", .dropsNewest,
      killedBy: "P13"),
    queue(
      "queue-no-deduplication", "every operation appended, none superseded", .noDeduplication, killedBy: "P15"
    ),
    queue(
      "queue-success-removes-by-entity",
      "success removes every operation of the entity (the design document's code)", .successRemovesByEntity,
      killedBy: "P16"),
    queue(
      "queue-stops-at-first-failure", "processing stops at the first failed operation", .stopsAtFirstFailure,
      killedBy: "P14"),
    queue(
      "queue-retries-forever", "maxRetries ignored", .retriesForever, killedBy: "P18"),
    queue(
      "queue-backoff-uncapped", "backoff doubles without the 60 s cap", .backoffUncapped, killedBy: "P18"),
    queue(
      "queue-backoff-linear", "backoff grows linearly", .backoffLinear, killedBy: "P18"),
    queue(
      "queue-retries-permanent-errors", "permission denied and invalid data retried like timeouts",
      .retriesPermanentErrors, killedBy: "P18"),
    queue(
      "queue-ignores-offline", "processing runs offline and signed out, spending retries", .ignoresOffline,
      killedBy: "P17"),
    queue(
      "queue-generic-last-error", "exhausted retries recorded as maxRetriesExceeded, not the last real error",
      .genericLastError, killedBy: "P18"),
    queue(
      "queue-forgets-superseded", "a superseded operation disappears from the books", .forgetsSuperseded,
      killedBy: "P15"),
    queue(
      "queue-state-of-unknown-id-clamped",
      "state(of:) of an id the queue never handed out answers with the newest operation's state, not nil",
      .clampsUnknownIDs, killedBy: "P15"),
    queue(
      "queue-retry-ignores-newer", "a failed operation is re-queued beside a newer one for its entity",
      .retryIgnoresNewer, killedBy: "P19"),
    queue(
      "queue-timeout-counts-as-success",
      "a timeout is taken as success, so a write that never landed is lost", .timeoutCountsAsSuccess,
      killedBy: "P20"),
    queue(
      "queue-persistence-drops-last", "persisting the queue drops its last operation", .persistenceDropsLast,
      killedBy: "P21"),
    queue(
      "queue-gives-up-one-attempt-early",
      "a transient failure is given up after maxRetries attempts, one short",
      .givesUpOneEarly, killedBy: "P18"),
    queue(
      "queue-unclamped-policy",
      "the retry policy used as given: a NaN or negative delay, a negative retry count",
      .unclampedPolicy, killedBy: "P18"),
    queue(
      "queue-restore-ignores-capacity",
      "a launch after an update loads every queued operation, above the new capacity",
      .restoreIgnoresCapacity, killedBy: "P21"),
    queue(
      "queue-retry-supersedes-newer",
      "a retried upload replaces the newer pending operation of its entity (a delete, say)",
      .retrySupersedesNewer, killedBy: "P16"),
    queue(
      "queue-drops-one-below-capacity", "the oldest is dropped when the queue is one short of full",
      .dropsOneBelowCapacity, killedBy: "P13"),
    queue(
      "queue-waits-for-latest-retry", "next() waits until the latest retry time instead of the earliest",
      .waitsForLatestRetry, killedBy: "P18"),
    queue(
      "queue-keeps-overtaken-failures",
      "a failed operation stays retryable after a newer one of its entity succeeded: a retry writes older data",
      .keepsOvertakenFailures, killedBy: "P16"),
    queue(
      "queue-oldest-pending-is-newest",
      "oldestPending names the newest pending operation (dropping at capacity still takes the oldest)",
      .reportsNewestAsOldest, killedBy: "P13"),
    queue(
      "queue-attempts-pass-file-limit",
      "an upload of an operation restored at the most attempts a file records counts one more, "
        + "so the next file is refused",
      .attemptsPassLimit, killedBy: "P21"),
    queue(
      "queue-capacity-zero", "a queue given a capacity of 0 has room for nothing: every change is dropped",
      .capacityUnclamped, killedBy: "P21"),
    queue(
      "queue-retry-always-accepts", "retryFailed answers true for an operation that is not failed",
      .retryAlwaysAccepts, killedBy: "P15"),
    queueFile(
      "queue-file-keeps-ids-at-limit",
      "a queue file whose nextID is at the limit loads with its ids as they are, so the queue's next file "
        + "is refused",
      .keepsIDsAtLimit, killedBy: "P21"),
    queueFile(
      "queue-file-trusts-checksummed-content",
      "a queue file is loaded whenever its checksum holds: a future version or a duplicate id loads",
      .trustsChecksummedContent, killedBy: "P21"),
    queueFile(
      "queue-file-reads-lenient-json",
      "the queue file's body is read by JSONDecoder: a trailing comma, a leading zero or a repeated key loads",
      .foundationJSON, killedBy: "P21"),
    queueFile(
      "queue-file-private-checksum",
      "the queue file's checksum also covers a newline: it reads its own files and no other build's",
      .privateChecksum, killedBy: "P21"),
    queueFile(
      "queue-file-attempts-bound-one-short",
      "a queue file may record at most 1,000,000 attempts: an operation that used every retry of the most generous policy is refused",
      .attemptsBoundOneShort, killedBy: "P21"),
    queueFile(
      "queue-file-next-id-unbounded", "a queue file with no room left for new ids loads", .nextIDUnbounded,
      killedBy: "P21"),
    engine(
      "engine-never-sets",
      "the upload's setDocument call is gone: operations succeed, nothing reaches the cloud",
      .neverSets, killedBy: "P23"),
    engine("engine-saves-nothing", "the engine never saves its queue", .savesNothing, killedBy: "P23"),
    engine(
      "engine-quarantine-copies", "a damaged queue file is copied aside and left in place", .quarantineCopies,
      killedBy: "P23"),
    engine(
      "engine-quarantine-overwrites-first",
      "a damaged queue file always goes to .corrupt-1, over an earlier one",
      .quarantineOverwritesFirst, killedBy: "P23"),
    engine(
      "engine-trim-not-saved",
      "a queue trimmed on load is not saved, so the next launch brings the drops back",
      .trimNotSaved, killedBy: "P23"),
    engine(
      "engine-retry-not-saved", "retryFailed puts the operation back without saving the queue",
      .retryNotSaved,
      killedBy: "P23"),
    engine(
      "engine-queue-copied-across-await",
      "processQueue holds a copy of the queue across the upload's await: a concurrent enqueue is lost",
      .queueCopiedAcrossAwait, killedBy: "P24"),
    engine(
      "engine-uploads-as-whoever-is-signed-in",
      "a queued operation of one user is uploaded as, and into the documents of, the next user to sign in",
      .uploadsAsWhoeverIsSignedIn, killedBy: "P23"),
    engine(
      "engine-unreadable-store-is-gone",
      "a local store that cannot be read is taken as a deleted entity: the upload is skipped, the operation succeeds",
      .unreadableIsGone, killedBy: "P23"),
  ]

  /// The mutant called `name`.
  public static func named(_ name: String) -> Mutant? { all.first { $0.name == name } }

  private static func model(
    _ name: String, _ bug: String, _ kind: ModelMutant.Bug, killedBy killer: PropertyID
  )
    -> Mutant
  {
    Mutant(name: name, bug: bug, layer: kind.layer, killer: killer, system: ModelMutant(kind))
  }

  private static func totals(
    _ name: String, _ bug: String, _ kind: TotalsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: kind.layer, killer: killer, system: TotalsMutant(kind))
  }

  private static func defaults(
    _ name: String, _ bug: String, _ kind: DefaultsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: kind.layer, killer: killer, system: DefaultsMutant(kind))
  }

  private static func queueDefaults(
    _ name: String, _ bug: String, _ kind: QueueDefaultsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .queue, killer: killer, system: QueueDefaultsMutant(kind))
  }

  private static func conflict(
    _ name: String, _ bug: String, _ kind: ConflictMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .conflicts, killer: killer, system: ConflictMutant(kind))
  }

  private static func retention(
    _ name: String, _ bug: String, _ kind: RetentionMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .retention, killer: killer, system: RetentionMutant(kind))
  }

  private static func deviceSync(
    _ name: String, _ bug: String, _ kind: DeviceSyncMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .deviceSync, killer: killer, system: DeviceSyncMutant(kind))
  }

  private static func logSync(
    _ name: String, _ bug: String, _ kind: LogSyncMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .logSync, killer: killer, system: LogSyncMutant(kind))
  }

  private static func decoder(
    _ name: String, _ bug: String, _ kind: DecoderMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .codec, killer: killer, system: DecoderMutant(kind))
  }

  private static func encoder(
    _ name: String, _ bug: String, _ kind: EncoderMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .codec, killer: killer, system: EncoderMutant(kind))
  }

  private static func queueFile(
    _ name: String, _ bug: String, _ kind: QueueFileMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .queue, killer: killer, system: QueueFileMutant(kind))
  }

  private static func engine(
    _ name: String, _ bug: String, _ kind: MutantEngine.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .engine, killer: killer, system: EngineMutant(kind))
  }

  private static func queue(
    _ name: String, _ bug: String, _ kind: MutantQueue.Bug, killedBy killer: PropertyID
  )
    -> Mutant
  {
    Mutant(name: name, bug: bug, layer: .queue, killer: killer, system: QueueMutant(kind))
  }
}
