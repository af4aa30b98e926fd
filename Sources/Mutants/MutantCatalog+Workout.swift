import CountMeContract
import PropertyHarness

extension MutantCatalog {
  static func workout(
    _ name: String, _ bug: String, _ kind: WorkoutMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .workoutSync, killer: killer, system: WorkoutMutant(kind))
  }

  /// The mutants of seed 004's workout sync: one for each W invariant's rule.
  static let workoutMutants: [Mutant] = [
    workout(
      "workout-tie-to-cloud", "a tie goes to the cloud's version, not the device's", .tieToCloud,
      killedBy: "W1.4"),
    workout(
      "workout-merge-drops-cloud-only", "a merged module keeps only the exercises the device held",
      .mergeDropsCloudOnly, killedBy: "W1.6"),
    workout(
      "workout-merge-takes-whole-version", "a merged module takes the newer version's exercises whole",
      .mergeTakesWholeVersion, killedBy: "W1.6"),
    workout(
      "workout-metadata-always-local", "a merged module keeps the device's name and notes, even when older",
      .metadataAlwaysLocal, killedBy: "W1.6"),
    workout(
      "workout-sessions-merged-by-set", "two versions of a session are merged set by set",
      .sessionsMergedBySet, killedBy: "W1.7"),
    workout(
      "workout-save-always-stamps", "a save without a change stamps updatedAt (a save loop)",
      .saveAlwaysStamps,
      killedBy: "W2.5"),
    workout(
      "workout-save-stamps-every-exercise", "a save stamps every exercise, changed or not",
      .saveStampsEveryExercise, killedBy: "W2.5"),
    workout(
      "workout-late-edit-deleted", "a deletion removes a version edited after it", .lateEditDeleted,
      killedBy: "W1.5"),
    workout(
      "workout-deletions-not-pushed", "a sync marks deletions synced without pushing them",
      .deletionsNotPushed,
      killedBy: "W1.5"),
    workout(
      "workout-records-kept-forever", "deletion records are never cleaned", .recordsKeptForever,
      killedBy: "W2.4"),
    workout(
      "workout-records-cleaned-a-second-early",
      "a synced deletion record is cleaned once 30 days less a second old, not only past 30 days",
      .recordsCleanedASecondEarly, killedBy: "W2.4"),
    workout(
      "workout-records-kept-a-second-late",
      "a synced deletion record is kept until past 30 days and a second, not cleaned once past 30 days",
      .recordsKeptASecondLate, killedBy: "W2.4"),
    workout(
      "workout-record-created-synced", "a deletion is recorded as synced already, so no sync pushes it",
      .recordCreatedSynced, killedBy: "W2.4"),
    workout(
      "workout-priority-inverted", "the queue sends the library before the active workout's sets",
      .priorityInverted, killedBy: "W1.3"),
    workout(
      "workout-priority-ignored", "the queue sends the oldest due operation, whatever its type",
      .priorityIgnored,
      killedBy: "W1.3"),
    workout(
      "workout-sixth-attempt", "an operation is attempted a sixth time (maxRetries read as retries)",
      .sixthAttempt, killedBy: "W1.2"),
    workout(
      "workout-exhausted-deleted",
      "an operation out of attempts is deleted, not kept for manual intervention",
      .exhaustedDeleted, killedBy: "W1.2"),
    workout(
      "workout-decoding-kept", "a decoding failure is kept failed instead of removed with its reason",
      .decodingKept, killedBy: "W1.2"),
    workout(
      "workout-interval-doubles", "the retry interval doubles after each failure instead of staying 300 s",
      .intervalDoubles, killedBy: "W1.2"),
    workout(
      "workout-reconnect-ignored", "the network's return leaves every retry waiting out its interval",
      .reconnectIgnored, killedBy: "W1.8"),
    workout("workout-sends-offline", "the queue sends while offline", .sendsOffline, killedBy: "W1.8"),
    workout(
      "workout-save-not-queued", "a save is stored on the device and never queued for its push",
      .saveNotQueued, killedBy: "W1.1"),
    workout(
      "workout-failed-push-dropped", "a failed push is taken off the queue as if it went through",
      .failedPushDropped, killedBy: "W1.1"),
    workout(
      "workout-status-ignores-network", "offline, the status shows syncing or synced",
      .statusIgnoresNetwork, killedBy: "W1.8"),
    workout(
      "workout-status-hides-manual-intervention", "a push out of attempts shows as synced",
      .statusHidesManualIntervention, killedBy: "W1.8"),
    workout(
      "workout-app-reconnect-untold", "the app never tells its queue the network returned",
      .appReconnectUntold, killedBy: "W1.8"),
    workout(
      "workout-pulled-exercise-renewed", "a sync stores an exercise taken from the cloud under a new id",
      .pulledExerciseRenewed, killedBy: "W2.3"),
    workout(
      "workout-store-rounds-to-seconds", "the device's store keeps times to the second",
      .storeRoundsToSeconds,
      killedBy: "W2.2"),
    workout(
      "workout-store-checksum-ignored", "a damaged store that still decodes is taken as sound",
      .storeChecksumIgnored, killedBy: "W2.6"),
    workout(
      "workout-store-loss-unreported", "a store that cannot be read is recreated without saying so",
      .storeLossUnreported, killedBy: "W2.6"),
    workout(
      "workout-recreated-not-refilled", "a recreated store's first sync pulls nothing back from the cloud",
      .recreatedNotRefilled, killedBy: "W2.6"),
    workout(
      "workout-restart-resets-attempts", "a restart loads every pending operation with no attempts made",
      .restartResetsAttempts, killedBy: "W1.2"),
  ]
}
