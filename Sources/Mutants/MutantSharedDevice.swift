import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `SharedDevice` with one bug in an action, an answer or what a step leaves.
///
/// CountMeCore's `SharedDevice` with one bug: an action or an answer rewritten, or one step of a
/// sign-in, a pass or an account deletion redone wrong after the reference took it.
///
/// NB: the steps reach the reference's own state through `SharedDevice`'s `package` members (its
/// users' `CollectionSync`s, its task, its guest store), never restated.
struct MutantSharedDevice<Entity: CloudSyncedEntity>: SharedDeviceUnderTest {
  let bug: AccountsMutant.Bug
  /// The queue each user's sync starts from, as the reference was handed it.
  let emptyQueue: any SyncQueueing
  private(set) var device: SharedDevice<Entity>
  /// Whether the auth request in flight creates an account.
  private var creatingAccount = false
  /// The first person who signed in here, and the last.
  private var firstUser: String?
  private var lastUser: String?
  /// Whether the pass about to start is the one a reconnect starts.
  private var reconnecting = false

  init(bug: AccountsMutant.Bug, emptyQueue: any SyncQueueing) {
    self.bug = bug
    self.emptyQueue = emptyQueue
    device = SharedDevice(queue: emptyQueue)
  }

  var state: AuthState { device.state }
  var token: String? { device.token }
  var stored: AuthGrant? { device.stored }
  var deletionError: AuthError? { bug == .deletionStopsSilently ? nil : device.deletionError }
  var visible: EntityStore<Entity> {
    if bug == .signedOutShowsLastUser, device.user == nil, let last = lastUser.flatMap(device.store(of:)) {
      return last
    }
    return device.visible
  }
  func store(of uid: String) -> EntityStore<Entity>? { device.store(of: uid) }
  func queue(of uid: String) -> (any SyncQueueing)? { device.queue(of: uid) }

  mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError> {
    let request = device.createAccount(email: email, password: password)
    if case .success = request { creatingAccount = true }
    return request
  }

  mutating func signIn(email: String, password: String) -> AuthRequest {
    creatingAccount = false
    return device.signIn(email: email, password: password)
  }

  mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError? {
    let known = device.accounts
    let deletion: SharedDevice<Entity>.AccountDeletion? =
      if case .deleting(let deletion) = device.task, !deletion.reauthenticated { deletion } else { nil }
    let refreshing: String? = if case .refreshing(let uid) = device.task { uid } else { nil }
    // A sign-in to an existing account: the guest's data kept out of its reach, and left where it was.
    let stranded =
      bug == .guestDataOnlyForNewAccounts && !creatingAccount && refreshing == nil && deletion == nil
      ? device.guest : nil
    if stranded != nil { device.guest = EntityStore() }
    var heard = result
    if bug == .deletionGivesUpAfterSignIn, deletion != nil, case .success = result {
      heard = .failure(.invalidCredentials)  // the sign-in again taken as a refusal
    }
    var shown = device.answered(heard)
    if let stranded { device.guest = stranded }
    if bug == .deletionNetworkErrorShownAsWrongPassword, deletion != nil,
      case .failure(.networkError) = result
    {
      shown = .invalidCredentials
    }
    if bug == .passGoesOnUnrefreshed, let uid = refreshing, case .failure(.networkError) = result {
      device.task = .syncing(uid)  // the pass goes on with the token it holds
      device.accounts[uid]?.startSync()
    }
    if bug == .deletionRefreshesForever, let deletion, case .deleting = device.task {
      device.task = .deleting(deletion)  // the sign-in again forgotten: asked for again
    }
    defer { creatingAccount = false }
    guard let uid = device.user else { return shown }
    let handsOver =
      bug == .nextUserGetsData || (bug == .nextUserGetsLastUsersLogs && Entity.entityType == .dailyLog)
    if known[uid] == nil, !creatingAccount, handsOver, let previous = lastUser.flatMap(device.store(of:)) {
      device.accounts[uid] = CollectionSync(uid: uid, queue: emptyQueue, migrating: previous)
    }
    if bug == .queueFollowsPhone, let previous = lastUser, previous != uid {
      handOver(from: previous, to: uid)
    }
    firstUser = firstUser ?? uid
    lastUser = uid
    return shown
  }

  mutating func signOut() {
    if bug != .signOutIgnored { device.signOut() }
  }

  mutating func restart() { device.restart() }

  mutating func edit(_ item: Entity, now: Date) -> Bool {
    guard device.edit(item, now: now) else { return false }
    if bug == .editsNotStamped { unstamp(item) }
    return true
  }

  mutating func delete(_ id: UUID, now: Date) -> Bool {
    if bug == .guestDeletionRefused, device.user == nil { return false }
    return device.delete(id, now: now)
  }

  mutating func startSync() {
    device.startSync()
    let unrefreshed = bug == .passWithoutRefresh || reconnecting
    reconnecting = false
    guard unrefreshed, case .refreshing(let uid) = device.task else { return }
    device.task = .syncing(uid)
    device.accounts[uid]?.startSync()
  }

  mutating func networkChanged(online: Bool, now: Date) -> Bool {
    guard bug == .reconnectPassUnrefreshed, online else { return false }
    reconnecting = true
    return true
  }

  mutating func deleteAccount(password: String) -> Bool {
    guard device.deleteAccount(password: password), case .deleting(var deletion) = device.task else {
      return bug == .deletionClaimedSignedOut && device.user == nil
    }
    if bug == .deletionLeavesCollections { deletion.collections = ["foodItems"] }
    if bug == .deletionSkipsExerciseItems { deletion.collections.removeAll { $0 == "exerciseItems" } }
    if bug == .deletionWithoutRefresh { deletion.reauthenticated = true }
    device.task = .deleting(deletion)
    return true
  }

  mutating func next(now: Date, online: Bool) -> SharedDeviceAction {
    let action = device.next(now: now, online: online)
    switch (bug, action) {
    case (.downloadsFirstUsersPath, .download(let owner, let after)):
      return .download(owner: firstUser ?? owner, after: after)
    case (.deletionRefreshesOnly, .auth(.reauthenticate(let token, _))):
      return .auth(.refresh(token: token))
    case (.writesFirstUsersId, .upload(let id, let path, let document)):
      var fields = document.fields
      fields["userId"] = firstUser ?? fields["userId"]
      return .upload(id, path: path, document: CloudDocument(fields))
    default: return action
    }
  }

  mutating func downloaded(_ result: Result<[CloudChange], SyncError>) { device.downloaded(result) }

  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    device.uploaded(id, result: result, now: now)
  }

  mutating func listed(_ result: Result<[DocumentPath], SyncError>) -> AuthError? { device.listed(result) }

  mutating func removed(_ result: Result<Void, SyncError>) -> AuthError? {
    device.removed(bug == .deletionIgnoresFailures ? .success(()) : result)
  }

  mutating func accountDeleted(_ result: Result<Void, AuthError>) -> AuthError? {
    device.accountDeleted(bug == .deletionFailureTakenAsDone ? .success(()) : result)
  }

  /// `previous`'s waiting changes moved into `uid`'s queue, re-owned as `uid`'s: one queue per phone.
  private mutating func handOver(from previous: String, to uid: String) {
    guard var theirs = device.accounts[previous]?.queue, var mine = device.accounts[uid]?.queue else {
      return
    }
    for entry in theirs.pending {
      let operation = entry.operation
      _ = mine.enqueue(
        SyncOperation(
          operation.kind, entityId: operation.entityId, entityType: operation.entityType,
          timestamp: operation.timestamp, owner: uid))
      _ = theirs.remove(entry.id, reason: "handed over")
    }
    device.accounts[uid]?.queue = mine
    device.accounts[previous]?.queue = theirs
  }

  /// `item`'s stored version with the `userId` the app gave it, as if the edit never stamped it.
  private mutating func unstamp(_ item: Entity) {
    func unstamped(_ store: EntityStore<Entity>) -> EntityStore<Entity> {
      guard var kept = store.live[item.id] else { return store }
      kept.userId = item.userId
      var live = store.live
      live[item.id] = kept
      return EntityStore(live: live, deleted: store.deleted)
    }
    guard let uid = device.user else { return device.guest = unstamped(device.guest) }
    if let store = device.accounts[uid]?.store { device.accounts[uid]?.store = unstamped(store) }
  }
}
