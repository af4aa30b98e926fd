import CountMeContract
import CountMeProperties
import Foundation
import Testing

/// `Corpus/` at the package root, found from this file's path.
let corpusRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Corpus").path

@Suite("The regression corpus")
struct CorpusGateTests {
  static let entries = CorpusDirectory.load(corpusRoot)

  @Test("every corpus file is well formed and its case passes against CountMeCore")
  func replay() {
    #expect(Self.entries.count >= 60, "the seed corpus has \(Self.entries.count) cases")
    for entry in Self.entries {
      switch entry.content {
      case .failure(let problem):
        Issue.record("\(entry.path): \(problem)")
      case .success(let corpusCase):
        let outcome = CorpusReplay.run(corpusCase)
        if let reason = outcome.notChecked, ProcessInfo.processInfo.environment["CI"] == nil {
          print("\(entry.path) was not checked: \(reason)")  // R1's, without the emulator
          continue
        }
        #expect(outcome.passed, "\(entry.path): expected \(corpusCase.expect), observed \(outcome.observed)")
      }
    }
  }

  @Test("the seed corpus covers every property")
  func coverage() {
    let properties = Set(Self.entries.compactMap { try? $0.content.get().property })
    #expect(
      properties == Set(Catalog.ids),
      "no cases for \(Set(Catalog.ids).subtracting(properties).sorted())")
  }

  @Test(
    "the corpus catches broken implementations: off-by-one calories, decoders that skip quantities or misread value types, the design document's queue"
  )
  func teeth() throws {
    // NB: only the named cases run against each mutant: replaying the whole corpus against every
    // one of them was the slowest test of the suite (over a minute of CI).
    func catches(_ system: some SystemUnderTest, _ file: String) -> Bool {
      Self.entries.contains { entry in
        guard URL(fileURLWithPath: entry.path).lastPathComponent.hasPrefix(file),
          let corpusCase = try? entry.content.get()
        else { return false }
        return !CorpusReplay.run(corpusCase, on: system).passed
      }
    }
    // Each mutant, and a case of the corpus that must catch it.
    let pinned: [(mutant: String, file: String)] = [
      ("sync-log-deletion-stays-local", "a-daily-log-deleted-after-it-synced-is-gone-from-the-cloud"),
      ("sync-log-deletion-stays-local", "a-daily-log-s-deletion-is-queued-as-a-delete"),
      ("migration-leaves-logs-behind", "a-guest-s-daily-log-goes-with-the-new-account"),
      ("accounts-next-user-gets-last-users-logs", "a-phone-handed-on-never-shows-the-last-person-s-logs"),
      ("sync-log-deletion-stays-local", "a-retention-s-deletion-travels-through-the-cloud"),
      ("retention-deletes-at-90-days", "through-the-cloud-90-days-kept-a-millisecond-more-deleted"),
      ("retention-keeps-a-day-longer", "through-the-cloud-90-days-kept-a-millisecond-more-deleted"),
      ("workout-save-not-queued", "a-failed-push-stays-queued-and-reaches-the-cloud"),
      ("accounts-deletion-stops-silently", "a-deletion-started-offline-says-so"),
      ("workout-failed-push-dropped", "a-failed-push-stays-queued-and-reaches-the-cloud"),
      ("workout-status-hides-manual-intervention", "five-failed-pushes-show-failed"),
      ("workout-app-reconnect-untold", "the-app-retries-at-once-on-reconnect-and-says-offline"),
      ("workout-status-ignores-network", "the-app-retries-at-once-on-reconnect-and-says-offline"),
      ("calories-allow-one-more", "1-3-calories-one-step-above-50000-rejected"),
      ("user-goal-max-exclusive", "goal-50000-accepted-the-upper-bound-inclusive"),
      ("negative-user-goal-accepted", "a-goal-of-minus-one-rejected-as-negative"),
      ("decoder-skips-ingredient-quantity", "every-ingredient-validated"),
      ("queue-success-removes-by-entity", "lost-update-an-update-enqueued-while"),
      ("decoder-reads-geopoint-as-number", "a-geo-point-where-calories-belong-is-wrongtype"),
      ("decoder-rejects-unknown-value-types", "a-complete-rest-response-with-every-firestore-va"),
      ("queue-gives-up-one-attempt-early", "three-transient-failures-with-maxretries-2-exact"),
      ("decoder-refuses-nsnumber", "a-document-as-the-ios-sdk-hands-it-over"),
      ("decoder-truncates-int64", "int64-max-calories-as-android-writes-them"),
      ("decoder-truncates-goal-fraction", "a-goal-of-1999-5-is-not-a-whole-number"),
      ("decoder-refuses-whole-double-goal", "a-goal-of-2000-0-from-a-client"),
      ("encoder-goal-as-double", "a-goal-is-written-with-its-goal-as-an-integer"),
      ("logs-ignore-item-deletions", "food-removed-from-a-day-s-log-after-its-sync"),
      ("goal-higher-wins", "a-goal-lowered-later-wins-over-the-higher-one"),
      ("queue-default-three-retries", "a-queue-made-with-no-settings-retries-an-upload"),
      ("queue-default-max-delay-59", "a-queue-made-with-no-settings-retries-an-upload"),
      ("queue-unclamped-policy", "a-policy-with-a-negative-initial-delay-retries"),
      ("queue-restore-ignores-capacity", "an-app-update-lowers-the-capacity-to-1"),
      ("queue-retry-supersedes-newer", "a-failed-upload-is-retried-behind-a-delete"),
      ("encoder-total-is-net-calories", "a-log-s-total-is-its-food-calories-not-net-of-ex"),
      ("encoder-drops-zero-macros", "a-macro-of-0-g-is-written-not-left-out"),
      ("queue-file-trusts-checksummed-content", "a-queue-file-whose-checksum-is-valid-but-two-ope"),
      ("queue-file-private-checksum", "a-flipped-byte-in-the-queue-file-is-caught-by-it"),
      ("queue-file-reads-lenient-json", "a-queue-file-whose-body-has-a-comma-after-its-la"),
      ("decoder-reads-near-uuids", "an-id-with-a-sign-before-its-first-byte-is-no-uu"),
      ("decoder-carries-nanoseconds", "a-timestamp-with-nanoseconds-1-is-invaliddata-no"),
      ("queue-state-of-unknown-id-clamped", "an-id-the-queue-never-handed-out-has-no-state-st"),
      ("queue-drops-one-below-capacity", "below-capacity-nothing-is-dropped-nor-when-an-up"),
      ("queue-oldest-pending-is-newest", "at-capacity-the-queue-stays-at-its-capacity-3-wi"),
      ("queue-waits-for-latest-retry", "next-waits-until-the-earliest-retry-is-due-not-t"),
      ("engine-never-sets", "a-created-food-item-reaches-the-cloud-through-th"),
      ("engine-saves-nothing", "a-created-food-item-reaches-the-cloud-through-th"),
      ("engine-quarantine-copies", "a-damaged-queue-file-is-moved-aside-not-left-at"),
      ("engine-quarantine-overwrites-first", "a-damaged-queue-file-goes-to-the-first-free-corr"),
      ("engine-trim-not-saved", "an-upgrade-that-trims-the-loaded-queue-saves-the"),
      ("engine-queue-copied-across-await", "a-create-enqueued-while-an-upload-of-the-same-en"),
      ("engine-retry-not-saved", "a-failed-upload-retried-by-the-user-is-saved-at"),
      ("queue-keeps-overtaken-failures", "a-failed-create-is-superseded-once-a-newer-creat"),
      ("queue-keeps-overtaken-failures", "retrying-a-failed-create-after-a-newer-create-of"),
      ("queue-file-attempts-bound-one-short", "a-queue-file-recording-1-000-001-attempts-the-fi"),
      ("queue-attempts-pass-file-limit", "a-queue-file-recording-1-000-001-attempts-the-fi"),
      ("queue-file-keeps-ids-at-limit", "a-queue-file-at-nextid-2-63-1-the-most-the-forma"),
      ("queue-capacity-zero", "a-queue-given-capacity-0-has-room-for-one-operat"),
      ("queue-file-next-id-unbounded", "a-queue-file-whose-nextid-2-63-leaves-no-room-fo"),
      ("meal-per-serving-ignores-servings", "one-serving-of-a-meal-made-for-two-is-half-its-c"),
      ("log-net-adds-burned", "a-day-with-only-exercise-has-negative-net-calori"),
      ("meal-fats-from-protein", "a-meal-s-fats-are-summed-from-its-ingredients-fa"),
      ("queue-retry-always-accepts", "a-stale-retry-of-an-operation-that-is-still-pend"),
      ("engine-uploads-as-whoever-is-signed-in", "signed-in-as-another-user-the-first-user-s-queue"),
      ("engine-unreadable-store-is-gone", "a-local-store-that-cannot-be-read-twice-the-uplo"),
      ("sync-changes-stamped-at-now", "a-deletion-after-the-device-repaired-a-broken-cl"),
      ("sync-winner-stays-synced", "a-version-stays-synced-only-while-the-cloud-hold"),
      ("sync-winner-stays-synced", "a-stale-write-of-an-item-s-first-version-the-dev"),
      ("retention-deletes-at-90-days", "the-90-day-boundary-a-log-exactly-90-days-old-is"),
      ("retention-keeps-a-day-longer", "the-90-day-boundary-a-log-exactly-90-days-old-is"),
      ("retention-deletes-without-tombstone", "an-edit-of-an-old-log-made-offline-on-another-de"),
      ("retention-age-from-last-modified", "a-log-of-a-day-91-days-ago-edited-yesterday-is-d"),
      ("retention-deletes-old-meals", "a-custom-meal-made-ten-years-ago-survives-retent"),
      ("retention-removes-old-goal", "a-goal-set-400-days-ago-survives-retention-on-th"),
      ("encoder-timestamp-in-milliseconds", "a-whole-microsecond-date-in-2026-is-written-with"),
      ("sync-misses-first-change", "a-device-that-joins-later-takes-in-every-documen"),
      ("sync-redownloads-everything", "a-device-that-synced-once-downloads-only-what-ch"),
      ("sync-uploads-before-download", "an-edit-made-offline-meets-a-newer-one-from-anot"),
      ("sync-keeps-winner-local", "found-by-f16-another-client-overwrote-device-0-s"),
      ("sync-deletion-not-queued", "a-deletion-made-offline-of-an-item-already-synce"),
      ("sync-edits-queued-as-creates", "an-edit-of-an-item-the-device-has-is-queued-as-a"),
      ("sync-download-overwrites-local", "a-download-of-an-older-version-keeps-the-device"),
      ("sync-unreadable-stops-download", "an-unreadable-first-document-is-reported-and-the"),
      ("sync-unreadable-deletes-local", "an-unreadable-document-over-a-synced-item-leaves"),
      ("sync-retry-without-backoff", "a-failed-upload-is-sent-again-only-after-its-bac"),
      ("sync-winner-cuts-backoff", "found-by-f29-a-download-s-local-winner-was-queue"),
      ("sync-refuses-changes-offline", "an-edit-made-on-a-device-whose-last-pass-found-t"),
      ("sync-stays-paused-after-offline", "a-device-that-synced-while-offline-downloads-on"),
      ("sync-updates-not-uploaded", "a-create-then-an-update-of-one-item-after-a-comp"),
      ("migration-marks-synced-early", "a-guest-s-item-right-after-the-account-is-create"),
      ("migration-keeps-guest-owner", "a-guest-s-one-item-reaches-the-cloud-under-the-n"),
      ("migration-clears-local-on-failure", "a-migration-upload-that-fails-unavailable-leaves"),
      ("sync-queues-every-collection-as-food-items", "an-exercise-item-made-on-one-device-lands-in-the"),
      ("sync-uploads-before-download", "two-devices-edit-the-same-custom-meal-offline-de"),
      ("sync-uploads-before-download", "an-exercise-item-deleted-on-device-0-and-edited"),
      ("sync-unreadable-deletes-local", "another-client-overwrites-a-synced-custom-meal-w"),
      ("sync-goal-named-by-id", "a-goal-set-on-one-device-lands-at-users-uid-prof"),
      ("sync-download-overwrites-local", "two-devices-set-the-goal-offline-device-1-a-seco"),
      ("sync-cursor-lost-on-restart", "a-device-that-downloaded-a-document-then-restart"),
      ("sync-any-profile-document-is-the-goal", "another-client-writes-a-valid-goal-document-unde"),
      ("log-sync-reads-logs-alone", "food-added-on-one-device-reaches-the-other-throu"),
      ("log-sync-ignores-item-tombstones", "food-both-devices-added-then-removed-on-one-stay"),
      ("log-sync-ignores-item-tombstones", "food-removed-on-a-device-that-synced-its-additio"),
      ("log-removal-leaves-item", "food-both-devices-added-then-removed-on-one-stay"),
      ("log-sync-logs-before-food", "food-added-on-one-device-reaches-the-other-throu"),
      ("log-sync-logs-before-food", "the-food-goes-up-before-the-log-that-names-it-a"),
      ("log-sync-ignores-item-tombstones", "exercise-both-devices-added-then-removed-on-one"),
      ("log-removal-leaves-item", "exercise-both-devices-added-then-removed-on-one"),
      ("log-sync-logs-before-exercise", "exercise-added-on-one-device-reaches-the-other-t"),
      ("log-sync-skips-exercise", "exercise-added-on-one-device-reaches-the-other-t"),
      ("log-sync-never-repairs-logs", "a-log-another-client-broke-is-written-over-by-a"),
      ("log-sync-item-copies-go-stale", "a-newer-version-of-food-that-arrives-while-the-l"),
      ("log-sync-new-device-cursor-at-one", "a-new-device-downloads-the-log-the-cloud-held-be"),
      ("log-sync-logs-without-ready-items", "a-device-whose-food-item-s-upload-fails-uploads"),
      ("log-sync-logs-without-ready-items", "a-device-whose-exercise-item-s-upload-fails-uplo"),
      ("log-sync-logs-without-ready-items", "a-device-whose-download-of-the-food-items-fails"),
      ("log-sync-reuploads-only-naming-both-kinds", "a-device-whose-log-no-longer-holds-food-0-reads"),
      ("log-sync-removal-of-unheld-succeeds", "removing-food-the-log-does-not-hold-fails-and-ch"),
      ("log-sync-removal-needs-stored-item", "a-device-from-before-dailylogsync-its-food-only"),
      ("sync-never-repairs", "a-food-item-whose-document-another-client-broke"),
      ("queue-removal-keeps-sending", "an-operation-the-app-removed-is-never-sent"),
      ("queue-removes-in-flight", "the-app-cannot-remove-the-upload-in-flight"),
      ("log-sync-created-log-not-queued", "a-log-one-device-creates-reaches-every-device"),
      ("email-accepts-dotless-domain", "a-domain-without-a-dot-is-invalid"),
      ("email-strips-plus-tag", "a-plus-tag-is-another-account"),
      ("email-keeps-surrounding-whitespace", "an-internationalised-domain-signs-up-as-typed"),
      ("password-counts-utf16-units", "four-emoji-are-four-characters"),
      ("auth-reveals-unknown-account", "an-unknown-address-shows-invalid-credentials"),
      ("auth-sign-out-keeps-stored-session", "signing-out-clears-the-credential-store"),
      ("auth-offline-refresh-signs-out", "offline-a-token-refresh-keeps-the-session"),
      ("auth-revoked-session-kept", "a-revoked-session-ends-at-its-next-refresh"),
      ("accounts-edits-not-stamped", "an-edit-carries-the-signed-in-users-uid"),
      ("accounts-queue-follows-phone", "a-queued-change-waits-for-its-own-user"),
      ("accounts-signed-out-shows-last-user", "signed-out-the-phone-shows-nobodys-data"),
      ("accounts-next-user-gets-data", "the-next-person-never-sees-the-last-ones-data"),
      ("accounts-writes-first-users-id", "a-document-names-the-user-who-writes-it"),
      ("accounts-downloads-first-users-path", "a-phone-downloads-only-its-signed-in-users-data"),
      ("accounts-pass-without-refresh", "a-phone-signed-in-elsewhere-learns-of-the-deletion"),
      ("accounts-deletion-leaves-collections", "account-deletion-empties-every-collection"),
      ("accounts-deletion-ignores-failures", "the-cloud-fails-to-delete-the-goal-document-the"),
      ("accounts-deletion-without-refresh", "a-deletion-after-hours-unused-refreshes-its-token"),
      ("android-epoch-day-in-utc", "local-day-not-utc-day-one-minute-east"),
      ("android-epoch-day-in-utc", "saved-at-23-30-is-that-local-day"),
      ("android-day-start-unchecked", "a-day-starts-at-the-offset-change-tehran-1935"),
      ("android-seconds-rounded", "updated-at-truncated-to-the-second"),
      ("android-updated-at-as-milliseconds", "updated-at-is-seconds-not-milliseconds"),
      ("android-negative-day-rejected", "android-log-of-year-1-read"),
      ("android-negative-day-rejected", "epoch-day-minus-1-read-at-minus-12"),
      ("android-day-range-unchecked", "a-day-before-what-firestore-reaches-refused"),
      ("android-accepts-whole-double-day", "a-whole-double-day-is-the-wrong-type"),
      ("android-field-under-ios-name", "updated-at-named-as-android-names-it"),
      ("android-upper-case-ids", "ids-written-lower-case-as-java-writes-them"),
      ("sync-tie-keeps-local", "two-phones-save-within-one-second-a-tie"),
      ("sync-stamps-ignore-resolution", "two-saves-within-one-second-stamped-apart"),
      ("sync-offline-saves-not-queued", "a-save-right-after-reconnect-syncs"),
      ("sync-local-data-never-queued", "logs-from-before-the-fix-uploaded-with-the-next-save"),
      ("feedback-timeout-not-network", "a-timeout-is-a-network-problem"),
      ("feedback-denied-as-network", "a-refusal-by-the-rules-asks-to-sign-in-again"),
      ("workout-tie-to-cloud", "a-tie-goes-to-local-whichever-content-sorts-last"),
      ("workout-merge-drops-cloud-only", "a-cloud-only-exercise-is-added-a-tied-one-stays"),
      ("workout-sessions-merged-by-set", "a-newer-session-is-kept-whole-never-merged-set-b"),
      ("workout-late-edit-deleted", "an-edit-made-after-a-deletion-is-kept-by-the-dev"),
      ("workout-records-kept-forever", "a-deletion-pushed-31-days-late-is-recorded-synce"),
      ("workout-save-stamps-every-exercise", "a-rename-stamps-the-module-not-its-unchanged-exe"),
      ("workout-sixth-attempt", "five-attempts-300-s-apart-then-kept-for-manual-i"),
      ("workout-exhausted-deleted", "five-attempts-300-s-apart-then-kept-for-manual-i"),
      ("workout-decoding-kept", "five-attempts-300-s-apart-then-kept-for-manual-i"),
      ("workout-interval-doubles", "five-attempts-300-s-apart-then-kept-for-manual-i"),
      ("workout-priority-inverted", "setdata-then-session-then-the-older-module-the-n"),
      ("workout-priority-ignored", "setdata-then-session-then-the-older-module-the-n"),
      ("workout-reconnect-ignored", "nothing-is-sent-offline-a-failed-session-is-retr"),
      ("workout-sends-offline", "nothing-is-sent-offline-a-failed-session-is-retr"),
      ("workout-pulled-exercise-renewed", "an-exercise-pulled-from-the-cloud-keeps-the-id-i"),
      ("workout-store-rounds-to-seconds", "a-restart-restores-the-module-its-exercise-and-t"),
      ("workout-store-checksum-ignored", "a-damaged-store-is-recreated-empty-said-so-and-t"),
      ("workout-store-loss-unreported", "a-damaged-store-is-recreated-empty-said-so-and-t"),
      ("workout-recreated-not-refilled", "a-damaged-store-is-recreated-empty-said-so-and-t"),
      ("workout-restart-resets-attempts", "attempts-survive-restarts-the-fifth-failure-is-t"),
      ("accounts-deletion-refreshes-only", "an-account-deleted-an-hour-after-its-sign-in-the"),
      ("accounts-deletion-failure-taken-as-done", "the-account-s-deletion-its-last-call-meets-a-net"),
      ("accounts-pass-goes-on-unrefreshed", "an-hour-unused-a-pass-s-token-refresh-meets-a-ne"),
      ("accounts-deletion-skips-exercise-items", "account-deletion-empties-every-collection"),
      ("accounts-reconnect-pass-unrefreshed", "a-reconnect-pass-refreshes-an-hour-old-token-first"),
      ("sync-hard-deletes", "a-deletion-through-the-cloud-reaches-a-device-that-had-not-synced"),
      ("auth-throttled-refresh-signs-out", "a-throttled-token-refresh-keeps-the-session"),
      ("auth-unlisted-error-shown-as-wrong-password", "a-throttled-right-sign-in-shows-too-many-requests"),
      ("auth-refusal-not-shown", "mistyped-sign-ups-show-the-seed-s-words"),
      ("auth-message-kept-after-success", "a-granted-sign-in-clears-the-last-error-s-message"),
      ("sync-cursor-survives-reinstall", "a-reinstalled-iphone-restores-its-own-and-android-s-logs"),
      ("feedback-offline-save-reported-failed", "an-offline-save-says-it-was-kept-not-that-it-failed"),
      ("accounts-guest-data-only-for-new-accounts", "a-guest-s-food-goes-with-whoever-signs-in-next"),
      (
        "accounts-deletion-network-error-shown-as-wrong-password",
        "a-deletion-s-sign-in-again-offline-shows-a-network-error"
      ),
      ("accounts-deletion-gives-up-after-sign-in", "a-deletion-nothing-fails-goes-through"),
      ("sync-times-out-after-a-minute", "an-upload-with-no-answer-times-out-at-30-s-and-is-sent-again"),
      ("sync-times-out-a-second-early", "an-upload-with-no-answer-times-out-at-30-s-and-is-sent-again"),
      ("sync-waits-forever", "an-upload-with-no-answer-times-out-at-30-s-and-is-sent-again"),
    ]
    for (name, file) in pinned {
      #expect(catches(try mutant(name), file), "\(name) passes the corpus case \(file)")
    }
  }
}
