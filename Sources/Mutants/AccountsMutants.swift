import CountMeContract
import CountMeCore
import Foundation

/// One bug in a phone several people share; everything else is the reference's rules
/// (`SharedDevice`): its `AuthSession`, and a `CollectionSync` per user.
struct AccountsMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A person signing in on the phone for the first time gets the data of whoever used it last,
    /// re-owned as theirs (the guest migration applied to a signed-out user's data).
    case nextUserGetsData
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
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeSharedDevice(queue: any SyncQueueing) -> any SharedDeviceUnderTest {
    MutantSharedDevice(bug: bug, emptyQueue: queue)
  }
}

/// `SharedDevice`'s rules, written again with one bug in them.
struct MutantSharedDevice: SharedDeviceUnderTest {
  let bug: AccountsMutant.Bug
  let emptyQueue: any SyncQueueing
  var auth = AuthSession(restoring: nil)
  var guest = EntityStore<FoodItem>()
  var accounts: [String: CollectionSync<FoodItem>] = [:]
  var creatingAccount = false
  var passUser: String?
  /// The first person who signed in here, and the last.
  var firstUser: String?
  var lastUser: String?

  init(bug: AccountsMutant.Bug, emptyQueue: any SyncQueueing) {
    self.bug = bug
    self.emptyQueue = emptyQueue
  }

  var user: String? {
    guard case .authenticated(let signedIn) = auth.state else { return nil }
    return signedIn.uid
  }
  var state: AuthState { auth.state }
  var token: String? { auth.token }
  var visible: EntityStore<FoodItem> {
    if let user { return accounts[user]?.store ?? guest }
    if bug == .signedOutShowsLastUser, let last = lastUser.flatMap({ accounts[$0] }) { return last.store }
    return guest
  }
  func store(of uid: String) -> EntityStore<FoodItem>? { accounts[uid]?.store }
  func queue(of uid: String) -> (any SyncQueueing)? { accounts[uid]?.queue }

  mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError> {
    let request = auth.createAccount(email: email, password: password)
    if case .success = request { creatingAccount = true }
    return request
  }

  mutating func signIn(email: String, password: String) -> AuthRequest {
    creatingAccount = false
    return auth.signIn(email: email, password: password)
  }

  mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError? {
    let shown = auth.answered(result)
    if let uid = user {
      let previous = lastUser.flatMap { accounts[$0] }
      if accounts[uid] == nil {
        if creatingAccount {
          accounts[uid] = CollectionSync(uid: uid, queue: emptyQueue, migrating: guest)
          guest = EntityStore()
        } else if bug == .nextUserGetsData, let previous {
          accounts[uid] = CollectionSync(uid: uid, queue: emptyQueue, migrating: previous.store)
        } else {
          accounts[uid] = CollectionSync(uid: uid, queue: emptyQueue)
        }
      }
      if bug == .queueFollowsPhone, let previous, previous.uid != uid, let taken = accounts[uid] {
        var theirs = previous.queue
        var mine = taken.queue
        for entry in theirs.pending {
          let operation = entry.operation
          _ = mine.enqueue(
            SyncOperation(
              operation.kind, entityId: operation.entityId, entityType: operation.entityType,
              timestamp: operation.timestamp, owner: uid))
          _ = theirs.remove(entry.id, reason: "handed over")
        }
        accounts[uid] = CollectionSync(uid: uid, queue: mine, store: taken.store, cursor: taken.cursor)
        accounts[previous.uid] = CollectionSync(
          uid: previous.uid, queue: theirs, store: previous.store, cursor: previous.cursor)
      }
      firstUser = firstUser ?? uid
      lastUser = uid
    }
    creatingAccount = false
    return shown
  }

  mutating func signOut() { auth.signOut() }

  mutating func restart() {
    auth = AuthSession(restoring: auth.stored)
    accounts = accounts.mapValues {
      CollectionSync(uid: $0.uid, queue: $0.queue, store: $0.store, cursor: $0.cursor)
    }
    creatingAccount = false
    passUser = nil
  }

  mutating func edit(_ item: FoodItem, now: Date) -> Bool {
    var owned = item
    if bug != .editsNotStamped { owned.userId = user ?? "" }
    guard let uid = user else {
      owned.syncStatus = .pendingUpload
      return guest.edit(owned, now: now)
    }
    return accounts[uid]?.edit(owned, now: now) ?? false
  }

  mutating func delete(_ id: UUID, now: Date) -> Bool {
    guard let uid = user else {
      guard guest.live[id] != nil else { return false }
      guest.delete(id, now: now)
      return true
    }
    return accounts[uid]?.delete(id, now: now) ?? false
  }

  mutating func startSync() {
    passUser = user
    guard let uid = passUser else { return }
    accounts[uid]?.startSync()
  }

  mutating func next(now: Date, online: Bool) -> CollectionSyncAction {
    guard let uid = passUser, uid == user else { return .done }
    let action = accounts[uid]?.next(now: now, online: online) ?? .done
    switch (bug, action) {
    case (.downloadsFirstUsersPath, .download(_, let after)):
      return .download(owner: firstUser ?? uid, after: after)
    case (.writesFirstUsersId, .upload(let id, let path, let document)):
      var fields = document.fields
      fields["userId"] = firstUser ?? uid
      return .upload(id, path: path, document: CloudDocument(fields))
    default: return action
    }
  }

  mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    guard let uid = passUser else { return }
    accounts[uid]?.downloaded(result)
  }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    guard let uid = passUser else { return }
    accounts[uid]?.uploaded(id, result: result, now: now)
  }
}
