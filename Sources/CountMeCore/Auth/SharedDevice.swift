import Foundation

/// One phone several people sign in on, each user's data and queue kept apart, as a sans-IO state machine.
///
/// One phone several people sign in on, sans-IO: its auth session, each user's local data and
/// upload queue kept apart, the data made before any account, and account deletion (seed 002's
/// requirements 2.5, 3, 9, 10 and 14 together, for one collection).
///
/// - **Who the data is.** The signed-in user's uid reaches every part that needs it (F8): an edit
///   is stamped with it as `userId`, queued as that user's, uploaded into `users/{uid}/`, and a
///   pass downloads only that user's collection. Nobody signed in, nothing syncs.
/// - **Signing out** ends the session and keeps the user's data on the device (F11), still theirs:
///   their store, their queue (what they changed offline waits for them) and their cursor. The
///   next account to sign in starts from its own data, never sees theirs and never uploads it;
///   when the user signs in again, their data is there, and their queued changes go.
/// - **A guest's data** (made while nobody is signed in) goes with the next person who signs in on
///   the device, a new account or an existing one, as the migration moves it
///   (`CollectionSync.adopt`): seed 002 migrates local data at the first sign-in, and the common
///   case is one person who used the app before signing in to the account they already had.
/// - **A pass starts with a token refresh**: an account revoked or deleted elsewhere ends the session
///   there, before the pass writes anything (a deleted account's data is then cleared from the
///   phone); a network error ends the pass, the session kept (offline-first), since the token held
///   may have expired.
/// - **Deleting the account** (`deleteAccount`, seed 002's requirement 14) first signs the user in
///   again with the password they confirm it with (the auth service deletes an account only after a
///   recent sign-in, and asking it last would find out after the data was gone), then deletes every
///   document of the user in every collection, then the account itself (which revokes its sessions
///   everywhere), and only then drops the user's queued changes and local data and signs out: a step
///   that fails stops the deletion with everything on the phone as it was, to be retried.
/// - **A launch** restores the session the credential store holds; every user's data is where the
///   last launch left it.
public struct SharedDevice<Entity: CloudSyncedEntity>: Sendable {
  /// The device's authentication.
  public internal(set) var auth: AuthSession
  /// The data made while nobody was signed in.
  public package(set) var guest = EntityStore<Entity>()
  /// Each user's sync of the collection on this device, by uid: store, queue and cursor.
  package var accounts: [String: CollectionSync<Entity>] = [:]
  /// A queue with nothing in it, copied for each user who signs in here (its capacity and policy).
  private let emptyQueue: any SyncQueueing
  /// What the phone is doing between the app's calls.
  package var task = Task.idle
  /// Whether a call it asked for is still to be answered.
  var awaiting = false
  /// The error the last account deletion stopped with, for the app to show until another starts.
  ///
  /// Nil when none stopped: none was tried, or the last went through. A deletion started offline
  /// stops at once with `networkError` (it needs the network), one a failed call stopped with
  /// `accountDeletionFailed` (the failed call's own answer also returns it).
  public package(set) var deletionError: AuthError?

  /// A pass or an account deletion under way, and whose.
  package enum Task: Sendable {
    case idle
    /// A pass waiting for its token refresh.
    case refreshing(String)
    /// A pass of the user's sync: the answers of its calls are theirs, whoever is signed in.
    case syncing(String)
    case deleting(AccountDeletion)
  }

  /// Where an account deletion stands: signing in again, listing, deleting documents, the account.
  ///
  /// Where an account deletion stands: its re-authentication, the collections still to list, then
  /// the documents listed and not deleted yet, then the account.
  package struct AccountDeletion: Sendable {
    package let uid: String
    /// The password the user confirmed the deletion with.
    package let password: String
    package var reauthenticated = false
    package var collections = SharedDevice.deletedCollections
    package var documents: [DocumentPath] = []

    /// The deletion of `uid`'s account, confirmed with `password`, before its re-authentication.
    package init(uid: String, password: String) { (self.uid, self.password) = (uid, password) }
  }

  /// The collections an account deletion empties: every one the app writes.
  ///
  /// CountMe's five for a device of one of CountMe's; for a device of an app's own collection
  /// (an app that adopted this device), that collection.
  public static var deletedCollections: [String] {
    let countme = EntityType.countmeTypes.map(\.collection)
    let synced = Entity.entityType.collection
    return countme.contains(synced) ? countme : [synced]
  }

  /// A new device, nobody signed in, whose users' queues start as `queue` (empty).
  public init(queue: any SyncQueueing) {
    auth = AuthSession(restoring: nil)
    emptyQueue = queue
  }

  /// Whether a call the phone asked for is still to be answered.
  ///
  /// Whether a call the phone asked for (a pass's or a deletion's) is still to be answered: the app
  /// then neither signs out, nor starts a pass or a deletion.
  ///
  /// A pass paused at a backoff (`.wait`) is not busy: another pass or a deletion may take its place.
  public var isBusy: Bool { awaiting }

  /// The signed-in user's uid; nil when nobody is signed in.
  public var user: String? {
    guard case .authenticated(let signedIn) = auth.state else { return nil }
    return signedIn.uid
  }

  /// What the app shows: the signed-in user's data, or the guest's when nobody is signed in.
  public var visible: EntityStore<Entity> { user.flatMap { accounts[$0]?.store } ?? guest }

  /// What the device keeps of user `uid`, signed in or not; nil when they never signed in here.
  public func store(of uid: String) -> EntityStore<Entity>? { accounts[uid]?.store }

  /// The uploads user `uid` has waiting on this device; nil when they never signed in here.
  public func queue(of uid: String) -> (any SyncQueueing)? { accounts[uid]?.queue }

  /// The request creating an account sends, or the credential rule's error (`AuthSession`).
  public mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError> {
    auth.createAccount(email: email, password: password)
  }

  /// The request signing in sends (`AuthSession`).
  public mutating func signIn(email: String, password: String) -> AuthRequest {
    auth.signIn(email: email, password: password)
  }

  /// How the auth service answered; a user now signed in finds their data here (and takes the
  /// guest's, if any). Returns the error to show.
  @discardableResult
  public mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError? {
    if case .refreshing(let uid) = task, awaiting {
      awaiting = false
      return refreshed(uid, result)
    }
    if case .deleting(let deletion) = task, awaiting, !deletion.reauthenticated {
      awaiting = false
      return reauthenticatedForDeletion(deletion, result)
    }
    let shown = auth.answered(result)
    if let uid = user {
      if accounts[uid] == nil { accounts[uid] = CollectionSync(uid: uid, queue: emptyQueue) }
      // Seed 002: local data migrates at the first sign-in; a guest's goes with whoever signs in next.
      if !guest.live.isEmpty || !guest.deleted.isEmpty {
        accounts[uid]?.adopt(guest)
        guest = EntityStore()
      }
    }
    return shown
  }

  /// A pass's token refresh answered: the pass goes on with a new token while the session does.
  ///
  /// A network error or a throttled refresh keeps the session (offline-first) and ends the pass:
  /// the token held may have expired, and a cloud call signed with it would be made as nobody
  /// (found by F8 once the auth service's calls could fail).
  private mutating func refreshed(_ uid: String, _ result: Result<AuthGrant, AuthError>) -> AuthError? {
    let shown = sessionRefreshed(uid, result)
    if case .failure(let error) = result, error.isTransient {
      task = .idle
      return shown
    }
    if user == uid {
      task = .syncing(uid)
      accounts[uid]?.startSync()
    }
    return shown
  }

  /// An account deletion's re-authentication answered: the deletion goes on once the user signed in again.
  ///
  /// An account deletion's re-authentication answered: the deletion goes on once the user signed in
  /// again; a wrong password or a network error stops it, nothing changed (the error shown), and an
  /// account the service no longer has takes the session and the user's data off the phone.
  private mutating func reauthenticatedForDeletion(
    _ deletion: AccountDeletion, _ result: Result<AuthGrant, AuthError>
  )
    -> AuthError?
  {
    if case .failure(.userNotFound) = result {
      auth.signOut()
      accounts[deletion.uid] = nil
      task = .idle
      return .invalidCredentials
    }
    if let shown = auth.answered(result) {
      (task, deletionError) = (.idle, shown)
      return shown
    }
    var goesOn = deletion
    goesOn.reauthenticated = true
    task = .deleting(goesOn)
    return nil
  }

  /// Takes in a token refresh of `uid`'s session, ending the task when the session ended.
  ///
  /// A token refresh of `uid`'s session answered: a session that ended ends the task, and an
  /// account the service no longer has (`userNotFound`) takes its data off the phone.
  private mutating func sessionRefreshed(_ uid: String, _ result: Result<AuthGrant, AuthError>) -> AuthError?
  {
    let shown = auth.answered(result)
    if user != uid {
      task = .idle
      if case .failure(.userNotFound) = result { accounts[uid] = nil }
    }
    return shown
  }

  /// Signs out: the session ends, and a pass paused at a backoff with it; the user's data stays on
  /// the device, theirs.
  ///
  /// Nothing is done while a call the phone asked for awaits its answer.
  public mutating func signOut() {
    guard !awaiting else { return }
    auth.signOut()
    task = .idle
  }

  /// The device after a restart: the stored session, and every user's data as it was on disk.
  ///
  /// The device after a restart: the session the credential store holds, and every user's data as
  /// it was on disk (store, queue, cursor); a pass or a deletion under way is gone.
  public mutating func restart() {
    auth = AuthSession(restoring: auth.stored)
    accounts = accounts.mapValues {
      CollectionSync(uid: $0.uid, queue: $0.queue, store: $0.store, cursor: $0.cursor)
    }
    task = .idle
    awaiting = false
  }

  /// A local create or update at `now` by whoever is signed in (the guest when nobody is), stamped
  /// with their uid; false for an entity deleted here.
  @discardableResult
  public mutating func edit(_ entity: Entity, now: Date) -> Bool {
    var owned = entity
    owned.userId = user ?? ""
    guard let uid = user else {
      owned.syncStatus = .pendingUpload
      return guest.edit(owned, now: now)
    }
    return accounts[uid]?.edit(owned, now: now) ?? false
  }

  /// A local deletion at `now` by whoever is signed in; false when the entity is not live there.
  @discardableResult
  public mutating func delete(_ id: UUID, now: Date) -> Bool {
    guard let uid = user else {
      guard guest.live[id] != nil else { return false }
      guest.delete(id, now: now)
      return true
    }
    return accounts[uid]?.delete(id, now: now) ?? false
  }

  /// Starts a pass of the signed-in user's data; nothing when nobody is signed in or the phone is busy.
  public mutating func startSync() {
    guard let uid = user, !awaiting else { return }
    task = .refreshing(uid)
  }

  /// What the pass or the deletion under way does next at `now`, with the network `online` or not.
  public mutating func next(now: Date, online: Bool) -> SharedDeviceAction {
    let action = nextAction(now: now, online: online)
    switch action {
    case .wait, .done: awaiting = false
    default: awaiting = true
    }
    return action
  }

  private mutating func nextAction(now: Date, online: Bool) -> SharedDeviceAction {
    switch task {
    case .idle: return .done
    case .refreshing(let uid):
      guard online, uid == user, let request = auth.refresh() else {
        task = .idle
        return .done
      }
      return .auth(request)
    case .syncing(let uid):
      guard uid == user, let action = accounts[uid]?.next(now: now, online: online) else {
        task = .idle
        return .done
      }
      if case .done = action { task = .idle }
      return SharedDeviceAction(action)
    case .deleting(let deletion):
      guard online, let token = auth.token else {
        _ = stopDeletion(online ? .accountDeletionFailed : .networkError)  // it needs the network
        return .done
      }
      if !deletion.reauthenticated {
        guard let request = auth.reauthenticate(password: deletion.password) else {
          _ = stopDeletion()
          return .done
        }
        return .auth(request)
      }
      if let document = deletion.documents.first { return .deleteDocument(document) }
      if let collection = deletion.collections.first {
        return .list(owner: deletion.uid, collection: collection)
      }
      return .deleteAccount(token: token)
    }
  }

  /// How the pass's download went.
  public mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    awaiting = false
    guard case .syncing(let uid) = task else { return }
    accounts[uid]?.downloaded(result)
  }

  /// How one of the pass's uploads went.
  public mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    awaiting = false
    guard case .syncing(let uid) = task else { return }
    accounts[uid]?.uploaded(id, result: result, now: now)
  }
}
