import CountMeContract
import PropertyHarness

extension MutantCatalog {
  /// The mutants of the queue, its file and the engine.
  static let queueMutants: [Mutant] = [
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
    queue(
      "queue-removes-in-flight",
      "remove takes out the operation in flight, whose answer then goes nowhere (a failed upload is lost)",
      .removesInFlight, killedBy: "P15"),
    queue(
      "queue-removal-keeps-sending",
      "remove records the operation removed but leaves it pending, so it is sent after all",
      .removalKeepsSending, killedBy: "P15"),
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
}
