import Foundation
import Testing

@testable import CountMeCore

@Suite("A phone several people share: each one's data kept apart")
struct SharedDeviceTests {
  static func grant(_ n: Int) -> AuthGrant {
    AuthGrant(user: AuthUser(uid: "user-\(n)", email: "user\(n)@example.com"), token: "token-\(n)")
  }

  static func item(_ id: UUID, calories: Double) -> FoodItem {
    Fixture.valid {
      try FoodItem(id: id, name: "Apple", calories: calories, timestamp: Fixture.date, userId: "")
    }
  }

  /// A sign-in of `n`'s existing account, granted.
  static func signIn(_ phone: inout SharedDevice<FoodItem>, _ n: Int) {
    _ = phone.signIn(email: "user\(n)@example.com", password: "password-\(n)")
    phone.answered(.success(grant(n)))
  }

  /// A phone user-1 is signed in on, holding one food item of 80 kcal (queued).
  static func phoneOfUser1WithAnItem() -> SharedDevice<FoodItem> {
    var phone = SharedDevice<FoodItem>(queue: SyncQueue())
    signIn(&phone, 1)
    phone.edit(item(Fixture.id, calories: 80), now: Fixture.date)
    return phone
  }

  /// Starts a pass and answers its token refresh with a new token for `n`.
  static func startPass(_ phone: inout SharedDevice<FoodItem>, _ n: Int) {
    phone.startSync()
    guard case .auth(.refresh) = phone.next(now: Fixture.later, online: true) else {
      Issue.record("the pass did not start with a token refresh")
      return
    }
    phone.answered(.success(AuthGrant(user: grant(n).user, token: "token-\(n)-refreshed")))
  }

  /// An account of `n` created on the phone, granted.
  static func create(_ phone: inout SharedDevice<FoodItem>, _ n: Int) throws {
    _ = try phone.createAccount(email: "user\(n)@example.com", password: "password-\(n)").get()
    phone.answered(.success(grant(n)))
  }

  @Test(
    "an edit is stamped with the signed-in user's uid and queued as theirs; a pass reads their collection")
  func uidReachesEveryPart() {
    var phone = SharedDevice<FoodItem>(queue: SyncQueue())
    Self.signIn(&phone, 1)
    let edited = phone.edit(Self.item(Fixture.id, calories: 80), now: Fixture.date)
    #expect(edited)
    #expect(phone.visible.live[Fixture.id]?.userId == "user-1")
    #expect(phone.queue(of: "user-1")?.pending.map(\.operation.owner) == ["user-1"])
    Self.startPass(&phone, 1)
    guard case .download(owner: "user-1", after: 0) = phone.next(now: Fixture.later, online: true) else {
      Issue.record("the pass did not download user-1's own collection first")
      return
    }
  }

  @Test(
    "sign-out keeps a user's data and queue; the next user starts from theirs; the first finds it all again")
  func signOutKeepsDataApart() {
    var phone = Self.phoneOfUser1WithAnItem()
    let kept = phone.visible
    phone.signOut()
    #expect(phone.store(of: "user-1") == kept && phone.visible.live.isEmpty, "kept, and shown to nobody")
    Self.signIn(&phone, 2)
    #expect(phone.visible.live.isEmpty && phone.queue(of: "user-2")?.pending.isEmpty == true)
    Self.startPass(&phone, 2)
    guard case .download(owner: "user-2", after: 0) = phone.next(now: Fixture.later, online: true) else {
      Issue.record("user-2's pass did not read user-2's collection")
      return
    }
    phone.downloaded(.success([]))
    let after = phone.next(now: Fixture.later, online: true)
    #expect(after.isDone, "user-1's change is not user-2's to send")
    phone.signOut()
    Self.signIn(&phone, 1)
    #expect(phone.visible == kept && phone.queue(of: "user-1")?.pending.count == 1)
  }

  @Test(
    "a guest's data goes with the next person who signs in on the phone, an existing account or a new one")
  func guestDataGoesWithTheNextSignIn() throws {
    var phone = SharedDevice<FoodItem>(queue: SyncQueue())
    phone.edit(Self.item(Fixture.id, calories: 80), now: Fixture.date)
    Self.signIn(&phone, 1)
    #expect(phone.visible.live[Fixture.id]?.userId == "user-1", "an existing account takes the guest's data")
    #expect(phone.visible.live[Fixture.id]?.syncStatus == .pendingUpload)
    #expect(phone.queue(of: "user-1")?.pending.count == 1)
    phone.signOut()
    #expect(phone.guest.live.isEmpty && phone.visible.live.isEmpty, "it is user-1's now, not the guest's")
    let second = UUID(uuidString: "00000000-0000-0000-0000-0000000000B2")!
    phone.edit(Self.item(second, calories: 90), now: Fixture.date)
    try Self.create(&phone, 2)
    #expect(phone.visible.live[second]?.userId == "user-2" && phone.visible.live[Fixture.id] == nil)
    #expect(phone.queue(of: "user-2")?.pending.count == 1)
    phone.signOut()
    #expect(phone.guest.live.isEmpty && phone.visible.live.isEmpty)
  }

  @Test("a pass whose refresh finds the account deleted ends signed out, the account's data forgotten")
  func deletedElsewhereIsForgotten() {
    var phone = Self.phoneOfUser1WithAnItem()
    phone.startSync()
    _ = phone.next(now: Fixture.later, online: true)
    phone.answered(.failure(.userNotFound))
    let after = phone.next(now: Fixture.later, online: true)
    #expect(after.isDone && phone.user == nil && phone.store(of: "user-1") == nil)
  }

  @Test("a pass whose refresh meets a network error ends, signed in still: its token may have expired")
  func networkErrorEndsThePass() {
    var phone = SharedDevice<FoodItem>(queue: SyncQueue())
    Self.signIn(&phone, 1)
    phone.startSync()
    _ = phone.next(now: Fixture.later, online: true)
    let shown = phone.answered(.failure(.networkError))
    let after = phone.next(now: Fixture.later, online: true)
    #expect(shown == nil && after.isDone && phone.user == "user-1" && phone.auth.token == "token-1")
  }

  @Test(
    "account deletion: a sign-in again, every collection listed and emptied, the account, then the phone forgets"
  )
  func deletionOrder() {
    var phone = Self.phoneOfUser1WithAnItem()
    let started = phone.deleteAccount(password: "pass-1")
    #expect(started)
    var listed: [String] = []
    var deleted: [DocumentPath] = []
    var refreshed = false
    loop: while true {
      switch phone.next(now: Fixture.later, online: true) {
      case .auth(.reauthenticate(let token, let password)):
        #expect(token == "token-1" && password == "pass-1")
        #expect(!refreshed && listed.isEmpty, "the user signs in again once, first")
        refreshed = true
        phone.answered(.success(AuthGrant(user: Self.grant(1).user, token: "token-1-refreshed")))
      case .list(let owner, let collection):
        #expect(owner == "user-1")
        listed.append(collection)
        phone.listed(.success([DocumentPath(uid: owner, collection: collection, documentId: "d")]))
      case .deleteDocument(let path):
        #expect(phone.store(of: "user-1") != nil, "the phone forgets nothing before the account is gone")
        deleted.append(path)
        phone.removed(.success(()))
      case .deleteAccount(let token):
        #expect(token == "token-1-refreshed" && deleted.count == 5)
        phone.accountDeleted(.success(()))
      case .done: break loop
      default:
        Issue.record("a deletion asked for a pass's call")
        break loop
      }
    }
    #expect(Set(listed) == ["profile", "dailyLogs", "foodItems", "exerciseItems", "customMeals"])
    #expect(phone.user == nil && phone.auth.stored == nil && phone.store(of: "user-1") == nil)
  }

  @Test("a deletion that fails on the way leaves the session and the phone's data as they were")
  func failedDeletionKeepsEverything() {
    var phone = Self.phoneOfUser1WithAnItem()
    let kept = phone.visible
    let started = phone.deleteAccount(password: "pass-1")
    #expect(started)
    _ = phone.next(now: Fixture.later, online: true)
    phone.answered(.success(AuthGrant(user: Self.grant(1).user, token: "token-1-refreshed")))
    guard case .list = phone.next(now: Fixture.later, online: true) else {
      Issue.record("the deletion did not list a collection after its refresh")
      return
    }
    let shown = phone.listed(.failure(.cloudUnavailable))
    let after = phone.next(now: Fixture.later, online: true)
    #expect(shown == .accountDeletionFailed && after.isDone)
    #expect(phone.user == "user-1" && phone.visible == kept && phone.queue(of: "user-1")?.pending.count == 1)
  }

  @Test(
    "a deletion confirmed with a wrong password, or met by a network error, deletes nothing and stays signed in",
    arguments: [AuthError.invalidCredentials, .networkError])
  func refusedReauthenticationDeletesNothing(error: AuthError) {
    var phone = Self.phoneOfUser1WithAnItem()
    let kept = phone.visible
    let started = phone.deleteAccount(password: "wrong")
    #expect(started)
    guard case .auth(.reauthenticate) = phone.next(now: Fixture.later, online: true) else {
      Issue.record("the deletion did not start by signing the user in again")
      return
    }
    let shown = phone.answered(.failure(error))
    let after = phone.next(now: Fixture.later, online: true)
    #expect(shown == error && after.isDone)
    #expect(phone.user == "user-1" && phone.auth.token == "token-1" && phone.visible == kept)
  }

  @Test("a restart restores the stored session and every user's data")
  func restartRestores() {
    var phone = Self.phoneOfUser1WithAnItem()
    phone.restart()
    #expect(phone.user == "user-1" && phone.visible.live[Fixture.id]?.calories == 80)
    #expect(phone.queue(of: "user-1")?.pending.count == 1)
  }
}

extension SharedDeviceAction {
  fileprivate var isDone: Bool {
    if case .done = self { return true }
    return false
  }
}

@Suite("A shared phone's account deletion that cannot start")
struct SharedDeviceOfflineDeletionTests {
  @Test(
    "started offline it stops at once, the phone as it was, holding networkError; the next one starts clean")
  func offline() {
    var phone = SharedDeviceTests.phoneOfUser1WithAnItem()
    let shownBefore = phone.visible
    let started = phone.deleteAccount(password: "password-1")
    #expect(started)
    let action = phone.next(now: Fixture.later, online: false)
    #expect(action.isDone && phone.user == "user-1" && phone.visible == shownBefore)
    #expect(phone.deletionError == .networkError)
    let again = phone.deleteAccount(password: "password-1")
    #expect(again && phone.deletionError == nil)
  }
}
