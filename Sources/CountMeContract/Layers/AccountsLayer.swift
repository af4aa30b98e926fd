import CountMeCore
import Foundation

/// A phone several people sign in on, as F8, F11, F24, F25 and F31 drive it: CountMeCore's `SharedDevice`.
///
/// A phone several people sign in on, syncing one collection (`Entity`'s), as F8, F11, F24, F25
/// and F31 drive it: the interface of CountMeCore's `SharedDevice`, which an implementation
/// provides for each collection a person's data is kept in (food items, exercise items, custom
/// meals, daily logs).
///
/// Its auth requests go to the harness's `AuthFake`; its sync's and its account deletion's calls go to the
/// cloud, signed in with the token it holds.
public protocol SharedDeviceUnderTest<Entity>: Sendable {
  /// The entity type it syncs; its type names the collection.
  associatedtype Entity: CloudSyncedEntity
  /// Where its authentication stands.
  var state: AuthState { get }
  /// The session token it signs its cloud calls with; nil when signed out.
  var token: String? { get }
  /// What its credential store holds: the session the next launch restores.
  var stored: AuthGrant? { get }
  /// What the app shows now.
  var visible: EntityStore<Entity> { get }
  /// What it keeps of user `uid`, signed in or not; nil when they never signed in on it.
  func store(of uid: String) -> EntityStore<Entity>?
  /// The uploads user `uid` has waiting on it; nil when they never signed in on it.
  func queue(of uid: String) -> (any SyncQueueing)?
  /// The request creating an account sends, or the error it answers without asking.
  mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError>
  /// The request signing in sends.
  mutating func signIn(email: String, password: String) -> AuthRequest
  /// How the auth service answered; the error to show.
  mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError?
  /// Signs out.
  mutating func signOut()
  /// The device after a restart.
  mutating func restart()
  /// A local create or update by whoever is signed in; false for a deleted entity.
  mutating func edit(_ item: Entity, now: Date) -> Bool
  /// A local deletion by whoever is signed in; false when the item is not live there.
  mutating func delete(_ id: UUID, now: Date) -> Bool
  /// Starts a pass.
  mutating func startSync()
  /// Starts deleting the signed-in user's account, confirmed with their password; false when it does not.
  mutating func deleteAccount(password: String) -> Bool
  /// What the pass or the account deletion does next.
  mutating func next(now: Date, online: Bool) -> SharedDeviceAction
  /// How the pass's download went.
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>)
  /// How one of the pass's uploads went.
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date)
  /// The account deletion's listing of a collection; the error to show.
  mutating func listed(_ result: Result<[DocumentPath], SyncError>) -> AuthError?
  /// The account deletion's deletion of a document; the error to show.
  mutating func removed(_ result: Result<Void, SyncError>) -> AuthError?
  /// The account deletion's deletion of the account; the error to show.
  mutating func accountDeleted(_ result: Result<Void, AuthError>) -> AuthError?
  /// The error the last account deletion stopped with, shown until another starts; nil when none stopped.
  ///
  /// How a deletion that stopped without a call to answer (started offline) says why: the app
  /// shows it as it shows an answer's error (F31).
  var deletionError: AuthError? { get }
  /// The phone's network went up or down between passes; true when the phone starts a pass at once.
  ///
  /// The phone's network went up (`online`) or down at `now`, between passes: true when the phone
  /// starts a pass at once, as an app that syncs on reconnect does (the run then makes one, as
  /// for a `sync` step); false when it waits for its next sync.
  ///
  /// By default false: CountMeCore's learns of the network inside a pass.
  mutating func networkChanged(online: Bool, now: Date) -> Bool
}

extension SharedDeviceUnderTest {
  /// False: the phone learns of the network inside its next pass.
  public mutating func networkChanged(online: Bool, now: Date) -> Bool { false }
}

extension SharedDevice: SharedDeviceUnderTest {
  /// `auth.state`.
  public var state: AuthState { auth.state }
  /// `auth.token`.
  public var token: String? { auth.token }
  /// `auth.stored`.
  public var stored: AuthGrant? { auth.stored }
}

/// A phone several people sign in on, each user's data kept apart, and account deletion: judged by
/// F8, F11, F24, F25 and F31.
public protocol AccountsLayer: SystemUnderTest {
  /// A new device syncing entities of `type`, nobody signed in, whose users' queues start as `queue` (empty).
  func makeSharedDevice<Entity: CloudSyncedEntity>(of type: Entity.Type, queue: any SyncQueueing)
    -> any SharedDeviceUnderTest<Entity>
}
