import CountMeContract
import CountMeCore
import Foundation

/// One bug in a phone several people share; everything else is the reference's `SharedDevice`.
///
/// One bug in a phone several people share; everything else is the reference's rules
/// (`SharedDevice`): its `AuthSession`, and a `CollectionSync` per user.
struct AccountsMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A person signing in here for the first time gets the data of whoever used the phone last.
    ///
    /// A person signing in on the phone for the first time gets the data of whoever used it last,
    /// re-owned as theirs (the guest migration applied to a signed-out user's data).
    case nextUserGetsData
    /// As `nextUserGetsData`, for the daily logs alone: a new person's day opens on the last one's log.
    ///
    /// As `nextUserGetsData` for the daily logs alone (a log store left out of the per-user split
    /// when the other collections got theirs): a person signing in here for the first time finds
    /// the days of whoever used the phone last.
    case nextUserGetsLastUsersLogs
    /// A deletion that stops with no call to answer (started offline) shows nothing.
    case deletionStopsSilently
    /// The phone keeps one queue, which a person signing in takes over, re-owned as theirs.
    ///
    /// The phone keeps one queue: a person signing in takes over the changes the last one left
    /// waiting, re-owned as theirs, so those are sent from their store (and lost).
    case queueFollowsPhone
    /// Every pass downloads the food items of the first person who signed in on the phone.
    case downloadsFirstUsersPath
    /// Every document written names the first person who signed in on the phone as `userId`.
    case writesFirstUsersId
    /// Signed out, the phone goes on showing the data of whoever used it last.
    case signedOutShowsLastUser
    /// An edit keeps the `userId` the app gave it (none): the uid never reaches the model.
    case editsNotStamped
    /// A pass goes without its token refresh.
    ///
    /// A phone signed in to an account deleted elsewhere never finds out, keeps its data, and writes its
    /// queued changes back.
    case passWithoutRefresh
    /// A guest's data goes only with a newly created account.
    ///
    /// A guest's data goes only with a newly created account: signing in to an existing one leaves it
    /// stranded on the phone, the guest's (the rule before seed 002's migration at the first sign-in).
    case guestDataOnlyForNewAccounts
    /// Account deletion takes its sign-in again, granted, as a refusal, and stops with nothing failed.
    case deletionGivesUpAfterSignIn
    /// Account deletion whose sign-in again met a network error shows "Invalid email or password".
    case deletionNetworkErrorShownAsWrongPassword
    /// The pass the phone starts when its network comes back goes without its token refresh.
    ///
    /// The phone syncs on reconnect, as real apps do, by a path of its own that skips the refresh
    /// its other passes make: after an hour away its token has expired, or its account is gone.
    case reconnectPassUnrefreshed
    /// Account deletion empties the food items alone, not the other collections.
    case deletionLeavesCollections
    /// Account deletion goes on past a document it failed to delete, and forgets the user with the
    /// cloud still holding their data.
    case deletionIgnoresFailures
    /// Account deletion calls the cloud with the token it holds: after hours unused, an expired one.
    ///
    /// Account deletion skips its first step, signing the user in again, and calls the cloud with
    /// the token it holds: after hours unused, an expired one, which the cloud refuses.
    case deletionWithoutRefresh
    /// Account deletion refreshes the token where it should sign the user in again.
    ///
    /// Account deletion starts with a token refresh, as a pass does, where it should sign the user
    /// in again (the real app's order): the cloud's documents go, then the auth service refuses to
    /// delete an account whose sign-in is old (`requiresRecentLogin`), and the account stays with its
    /// data gone.
    case deletionRefreshesOnly
    /// The account's deletion failing (a network error) is taken as done: the phone forgets the
    /// user and signs out while the service still has the account.
    case deletionFailureTakenAsDone
    /// A pass whose token refresh met a network error goes on with the token it holds: after
    /// hours unused an expired one, its calls made as nobody.
    case passGoesOnUnrefreshed
    /// Account deletion empties every collection but `exerciseItems`.
    case deletionSkipsExerciseItems
    /// Asked to delete an account with nobody signed in, the phone says it started, and starts nothing.
    case deletionClaimedSignedOut
    /// Signing out does nothing: the phone stays signed in as whoever was.
    case signOutIgnored
    /// With nobody signed in, deleting an item the phone shows is refused: a guest cannot delete.
    case guestDeletionRefused
    /// An account deletion's token refresh, answered, is asked for again, and again: the deletion never
    /// goes on to the cloud.
    case deletionRefreshesForever
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeSharedDevice<Entity: CloudSyncedEntity>(of type: Entity.Type, queue: any SyncQueueing)
    -> any SharedDeviceUnderTest<Entity>
  {
    MutantSharedDevice<Entity>(bug: bug, emptyQueue: queue)
  }
}
