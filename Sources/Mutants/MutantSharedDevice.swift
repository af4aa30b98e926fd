import CountMeContract
import CountMeCore
import Foundation

/// `SharedDevice`'s rules, written again with one bug in them.
struct MutantSharedDevice: SharedDeviceUnderTest {
  let bug: AccountsMutant.Bug
  let emptyQueue: any SyncQueueing
  var auth = AuthSession(restoring: nil)
  var guest = EntityStore<FoodItem>()
  var accounts: [String: CollectionSync<FoodItem>] = [:]
  var creatingAccount = false
  /// The user whose pass is under way, and whether its token refresh is still to come.
  var passUser: String?
  var refreshing = false
  /// Whether a call it asked for is still to be answered.
  var awaiting = false
  /// The account deletion under way: its user, whether its token was refreshed, the collections to
  /// list, the documents to delete.
  var deleting: (uid: String, refreshed: Bool, collections: [String], documents: [DocumentPath])?
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
  var stored: AuthGrant? { auth.stored }
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
    if refreshing, awaiting, let uid = passUser {
      (refreshing, awaiting) = (false, false)
      let shown = sessionRefreshed(uid, result)
      if user == uid { accounts[uid]?.startSync() }
      return shown
    }
    if let deletion = deleting, awaiting, !deletion.refreshed {
      awaiting = false
      let shown = sessionRefreshed(deletion.uid, result)
      if user == deletion.uid { deleting?.refreshed = true }
      return shown
    }
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

  /// A token refresh of `uid`'s session answered: a session that ended ends the pass or deletion,
  /// and an account the service no longer has takes its data off the phone.
  mutating func sessionRefreshed(_ uid: String, _ result: Result<AuthGrant, AuthError>) -> AuthError? {
    let shown = auth.answered(result)
    if user != uid {
      (passUser, deleting) = (nil, nil)
      if case .failure(.userNotFound) = result { accounts[uid] = nil }
    }
    return shown
  }

  mutating func signOut() {
    guard !awaiting else { return }
    auth.signOut()
    (passUser, refreshing) = (nil, false)
  }

  mutating func restart() {
    auth = AuthSession(restoring: auth.stored)
    accounts = accounts.mapValues {
      CollectionSync(uid: $0.uid, queue: $0.queue, store: $0.store, cursor: $0.cursor)
    }
    creatingAccount = false
    (passUser, refreshing, deleting, awaiting) = (nil, false, nil, false)
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
    guard let uid = user, !awaiting else { return }
    passUser = uid
    refreshing = true
    if bug == .passWithoutRefresh {
      refreshing = false
      accounts[uid]?.startSync()
    }
  }

  mutating func deleteAccount() -> Bool {
    guard let uid = user, !awaiting else { return false }
    passUser = nil
    let collections =
      bug == .deletionLeavesCollections ? ["foodItems"] : SharedDevice<FoodItem>.deletedCollections
    deleting = (uid, bug == .deletionWithoutRefresh, collections, [])
    return true
  }

  mutating func next(now: Date, online: Bool) -> SharedDeviceAction {
    let action = nextAction(now: now, online: online)
    switch action {
    case .wait, .done: awaiting = false
    default: awaiting = true
    }
    return action
  }

  mutating func nextAction(now: Date, online: Bool) -> SharedDeviceAction {
    if let deletion = deleting {
      guard online, let token = auth.token else {
        deleting = nil
        return .done
      }
      if !deletion.refreshed {
        guard let request = auth.refresh() else {
          deleting = nil
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
    guard let uid = passUser, uid == user else {
      passUser = nil
      return .done
    }
    if refreshing {
      guard online, let request = auth.refresh() else {
        (passUser, refreshing) = (nil, false)
        return .done
      }
      return .auth(request)
    }
    let action = accounts[uid]?.next(now: now, online: online) ?? .done
    switch (bug, action) {
    case (_, .done):
      passUser = nil
      return .done
    case (.downloadsFirstUsersPath, .download(_, let after)):
      return .download(owner: firstUser ?? uid, after: after)
    case (.writesFirstUsersId, .upload(let id, let path, let document)):
      var fields = document.fields
      fields["userId"] = firstUser ?? uid
      return .upload(id, path: path, document: CloudDocument(fields))
    default: return SharedDeviceAction(action)
    }
  }

  mutating func downloaded(_ result: Result<[CloudChange], SyncError>) {
    awaiting = false
    guard let uid = passUser else { return }
    accounts[uid]?.downloaded(result)
  }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    awaiting = false
    guard let uid = passUser else { return }
    accounts[uid]?.uploaded(id, result: result, now: now)
  }

  mutating func listed(_ result: Result<[DocumentPath], SyncError>) -> AuthError? {
    awaiting = false
    guard var deletion = deleting, case .success(let documents) = result else { return stopDeletion() }
    deletion.collections.removeFirst()
    deletion.documents = documents.sorted()
    deleting = deletion
    return nil
  }

  mutating func removed(_ result: Result<Void, SyncError>) -> AuthError? {
    awaiting = false
    guard var deletion = deleting, !deletion.documents.isEmpty else { return stopDeletion() }
    if case .failure = result, bug != .deletionIgnoresFailures { return stopDeletion() }
    deletion.documents.removeFirst()
    deleting = deletion
    return nil
  }

  mutating func accountDeleted(_ result: Result<Void, AuthError>) -> AuthError? {
    awaiting = false
    let gone: Bool
    switch result {
    case .success, .failure(.userNotFound): gone = true
    case .failure: gone = false
    }
    guard let deletion = deleting, gone else { return stopDeletion() }
    accounts[deletion.uid] = nil
    deleting = nil
    auth.signOut()
    return nil
  }

  mutating func stopDeletion() -> AuthError {
    deleting = nil
    return .accountDeletionFailed
  }
}
