import CountMeContract
import PropertyHarness

extension MutantCatalog {
  /// The mutants of the models, the credential rules, authentication and a shared phone's accounts.
  ///
  /// The mutants of the models, the credential rules, a device's authentication and a shared phone's accounts: constructors, totals and the defaults of new
  /// models and queues.
  static let modelMutants: [Mutant] = [
    credentials(
      "email-accepts-dotless-domain", "an address whose domain has no dot (`a@b`) passes",
      .acceptsDotlessDomain, killedBy: "F2"),
    credentials(
      "email-rejects-plus-tag", "an address with a `+` tag is refused as invalid", .rejectsPlusTag,
      killedBy: "F1"),
    credentials(
      "email-strips-plus-tag", "the `+` tag is cut off, so `a+x@b.com` signs up as `a@b.com`", .stripsPlusTag,
      killedBy: "F1"),
    credentials(
      "email-keeps-surrounding-whitespace", "the address goes as typed, spaces around it included",
      .keepsSurroundingWhitespace, killedBy: "F1"),
    credentials(
      "password-counts-utf16-units",
      "the password's length is counted in UTF-16 units: four emoji make eight",
      .countsUTF16Units, killedBy: "F3"),
    credentials(
      "email-longest-address-253", "an address of 254 characters, the most the rule allows, is refused",
      .emailLimits(.init(address: 253, localPart: 64, label: 63)), killedBy: "F1"),
    credentials(
      "email-longest-address-255", "an address of 255 characters, one more than the rule allows, passes",
      .emailLimits(.init(address: 255, localPart: 64, label: 63)), killedBy: "F2"),
    credentials(
      "email-longest-local-part-63", "a local part of 64 characters, the most the rule allows, is refused",
      .emailLimits(.init(address: 254, localPart: 63, label: 63)), killedBy: "F1"),
    credentials(
      "email-longest-local-part-65", "a local part of 65 characters, one more than the rule allows, passes",
      .emailLimits(.init(address: 254, localPart: 65, label: 63)), killedBy: "F2"),
    credentials(
      "email-longest-label-62", "a domain label of 63 characters, the most the rule allows, is refused",
      .emailLimits(.init(address: 254, localPart: 64, label: 62)), killedBy: "F1"),
    credentials(
      "email-longest-label-64", "a domain label of 64 characters, one more than the rule allows, passes",
      .emailLimits(.init(address: 254, localPart: 64, label: 64)), killedBy: "F2"),
    credentials(
      "password-minimum-7", "a password of 7 characters, one fewer than the rule asks, passes",
      .passwordMinimum(7), killedBy: "F3"),
    credentials(
      "password-minimum-9", "a password of 8 characters, as few as the rule allows, is refused",
      .passwordMinimum(9), killedBy: "F3"),
    auth(
      "auth-sign-up-needs-sign-in", "a new account is created but not signed in", .signUpNeedsSignIn,
      killedBy: "F4"),
    auth(
      "auth-sign-in-untrimmed", "sign-in sends the address with the spaces typed around it",
      .signInSendsUntrimmedAddress, killedBy: "F5"),
    auth(
      "auth-reveals-unknown-account", "an unknown address is answered \"no account found\"",
      .revealsUnknownAccount, killedBy: "F6"),
    auth(
      "auth-session-in-memory-only", "the session is never stored: every launch starts signed out",
      .sessionNotStored, killedBy: "F7"),
    auth(
      "auth-sign-out-keeps-state", "signing out clears the credentials but the state stays signed in",
      .signOutKeepsState, killedBy: "F9"),
    auth(
      "auth-sign-out-keeps-stored-session",
      "signing out clears the token in memory but leaves the session in the credential store",
      .signOutKeepsStoredSession, killedBy: "F10"),
    auth(
      "auth-loading-not-published", "the loading state is never published", .loadingNotPublished,
      killedBy: "F32"),
    auth(
      "auth-offline-refresh-signs-out", "a token refresh that meets a network error signs the user out",
      .networkErrorEndsSession, killedBy: "F7"),
    auth(
      "auth-revoked-session-kept", "a token refresh the service refuses is ignored: a revoked session stays",
      .revokedSessionKept, killedBy: "F7"),
    auth(
      "auth-throttled-refresh-signs-out",
      "a token refresh the service throttles (too many requests) signs the user out, as if revoked",
      .throttledRefreshSignsOut, killedBy: "F7"),
    auth(
      "auth-unlisted-error-shown-as-wrong-password",
      "a sign-in the service throttles shows \"Invalid email or password\", the app's catch-all",
      .unlistedErrorShownAsWrongPassword, killedBy: "F5"),
    auth(
      "auth-refusal-not-shown", "a sign-up the credential rules refuse shows no message: a silent failure",
      .refusalNotShown, killedBy: "P31"),
    auth(
      "auth-message-kept-after-success",
      "a granted sign-in or sign-up leaves the last error's message on screen",
      .messageKeptAfterSuccess, killedBy: "P31"),
    accounts(
      "accounts-next-user-gets-data",
      "a person signing in on a phone for the first time gets the last user's data, re-owned as theirs",
      .nextUserGetsData, killedBy: "F11"),
    accounts(
      "accounts-deletion-stops-silently",
      "an account deletion started offline stops and shows nothing: the user thinks it went through",
      .deletionStopsSilently, killedBy: "F31"),
    accounts(
      "accounts-next-user-gets-last-users-logs",
      "a person signing in on a phone for the first time finds the daily logs of whoever used it last",
      .nextUserGetsLastUsersLogs, killedBy: "F11"),
    accounts(
      "accounts-queue-follows-phone",
      "the phone keeps one queue: the next person to sign in takes over the last one's waiting changes",
      .queueFollowsPhone, killedBy: "F11"),
    accounts(
      "accounts-downloads-first-users-path",
      "every pass downloads the food items of the first person who signed in on the phone",
      .downloadsFirstUsersPath, killedBy: "F25"),
    accounts(
      "accounts-writes-first-users-id",
      "every document written names the first person who signed in on the phone as userId",
      .writesFirstUsersId, killedBy: "F24"),
    accounts(
      "accounts-signed-out-shows-last-user", "signed out, the phone goes on showing the last user's data",
      .signedOutShowsLastUser, killedBy: "F11"),
    accounts(
      "accounts-edits-not-stamped",
      "an edit keeps the userId the app gave it (none): the uid never reaches the model",
      .editsNotStamped, killedBy: "F8"),
    accounts(
      "accounts-pass-without-refresh",
      "a pass skips its token refresh: a phone signed in to an account deleted elsewhere keeps its data",
      .passWithoutRefresh, killedBy: "F31"),
    accounts(
      "accounts-guest-data-only-for-new-accounts",
      "a guest's data goes only with a new account: signing in to an existing one strands it on the phone",
      .guestDataOnlyForNewAccounts, killedBy: "F11"),
    accounts(
      "accounts-deletion-gives-up-after-sign-in",
      "account deletion takes its sign-in again, granted, as a refusal, and stops with nothing failed",
      .deletionGivesUpAfterSignIn, killedBy: "F31"),
    accounts(
      "accounts-deletion-network-error-shown-as-wrong-password",
      "an account deletion whose sign-in again met a network error says \"Invalid email or password\"",
      .deletionNetworkErrorShownAsWrongPassword, killedBy: "F31"),
    accounts(
      "accounts-reconnect-pass-unrefreshed",
      "the pass a phone starts when its network comes back skips the token refresh its other passes make",
      .reconnectPassUnrefreshed, killedBy: "F25"),
    accounts(
      "accounts-deletion-leaves-collections", "account deletion empties the food items, no other collection",
      .deletionLeavesCollections, killedBy: "F31"),
    accounts(
      "accounts-deletion-ignores-failures",
      "account deletion goes on past a document it failed to delete, and forgets the user anyway",
      .deletionIgnoresFailures, killedBy: "F31"),
    accounts(
      "accounts-deletion-without-refresh",
      "account deletion calls the cloud with the token it holds, expired after hours unused",
      .deletionWithoutRefresh, killedBy: "F25"),
    accounts(
      "accounts-deletion-refreshes-only",
      "account deletion refreshes the token instead of signing in again: an old sign-in's account stays, its data gone",
      .deletionRefreshesOnly, killedBy: "F31"),
    accounts(
      "accounts-deletion-failure-taken-as-done",
      "the account's deletion failing (a network error) is taken as done: the phone forgets the user",
      .deletionFailureTakenAsDone, killedBy: "F31"),
    accounts(
      "accounts-pass-goes-on-unrefreshed",
      "a pass whose token refresh met a network error goes on with the token it holds, expired after hours unused",
      .passGoesOnUnrefreshed, killedBy: "F25"),
    accounts(
      "accounts-deletion-skips-exercise-items", "account deletion empties every collection but exerciseItems",
      .deletionSkipsExerciseItems, killedBy: "F31"),
    accounts(
      "accounts-deletion-claimed-signed-out",
      "asked to delete an account with nobody signed in, the phone says it started, and starts nothing",
      .deletionClaimedSignedOut, killedBy: "F31"),
    accounts(
      "accounts-sign-out-ignored", "signing out does nothing: the phone stays signed in as whoever was",
      .signOutIgnored, killedBy: "F11"),
    accounts(
      "accounts-guest-deletion-refused", "with nobody signed in, deleting an item the phone shows is refused",
      .guestDeletionRefused, killedBy: "F11"),
    accounts(
      "accounts-deletion-refreshes-forever",
      "an account deletion asks for its token refresh again after each answer, and never reaches the cloud",
      .deletionRefreshesForever, killedBy: "F31"),
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
      "negative-user-goal-accepted", "UserGoal never checks its goal",
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
    queueDefaults(
      "queue-default-capacity-1001", "a queue made with no settings holds 1,001, one over 1,000",
      .capacity1001, killedBy: "P13"),
    queueDefaults(
      "queue-default-five-retries", "a queue made with no settings gives up after 5 retries, one short of 6",
      .fiveRetries, killedBy: "P18"),
    queueDefaults(
      "queue-default-seven-retries", "a queue made with no settings makes 7 retries, one more than 6",
      .sevenRetries, killedBy: "P18"),
    queueDefaults(
      "queue-default-max-delay-61", "a queue made with no settings caps its backoff at 61 s, not 60",
      .maxDelay61, killedBy: "P18"),
    queueDefaults(
      "queue-default-initial-delay-0",
      "a queue made with no settings retries at once the first time, not after 1 s",
      .initialDelay0, killedBy: "P18"),
    queueDefaults(
      "queue-default-initial-delay-2",
      "a queue made with no settings waits 2 s before its first retry, not 1",
      .initialDelay2, killedBy: "P18"),
  ]
}
