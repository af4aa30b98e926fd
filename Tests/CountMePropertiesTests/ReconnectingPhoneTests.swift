import CountMeContract
import CountMeCore
import CountMeProperties
import Foundation
import PropertyHarness
import Testing

@Suite("A shared phone that syncs when its network comes back")
struct ReconnectingPhoneTests {
  @Test(
    "CountMeCore's phone, syncing on every reconnect: every accounts property runs and holds",
    arguments: [UInt64(0xC0FFEE), 1])
  func syncsOnReconnect(seed: UInt64) {
    let report = runEveryProperty(of: .accounts, against: ReconnectingPhones(), seed: seed, cases: 500)
    #expect(report.properties.count == 5)
    expectEveryPropertyHeld(report, of: .accounts)
  }
}

/// CountMeCore's shared phone as an app that syncs on reconnect adapts it: each time its network
/// comes back it asks for a pass, which the reference makes as every other (its token refreshed first).
private struct ReconnectingPhones: AccountsLayer {
  var borrowedLayers: [Layer] { [.queue] }
  func makeSharedDevice<Entity: CloudSyncedEntity>(of type: Entity.Type, queue: any SyncQueueing)
    -> any SharedDeviceUnderTest<Entity>
  {
    ReconnectingPhone(device: SharedDevice<Entity>(queue: queue))
  }
}

private struct ReconnectingPhone<Entity: CloudSyncedEntity>: SharedDeviceUnderTest {
  var device: SharedDevice<Entity>
  var state: AuthState { device.state }
  var token: String? { device.token }
  var stored: AuthGrant? { device.stored }
  var deletionError: AuthError? { device.deletionError }
  var visible: EntityStore<Entity> { device.visible }
  func store(of uid: String) -> EntityStore<Entity>? { device.store(of: uid) }
  func queue(of uid: String) -> (any SyncQueueing)? { device.queue(of: uid) }
  mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError> {
    device.createAccount(email: email, password: password)
  }
  mutating func signIn(email: String, password: String) -> AuthRequest {
    device.signIn(email: email, password: password)
  }
  mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError? { device.answered(result) }
  mutating func signOut() { device.signOut() }
  mutating func restart() { device.restart() }
  mutating func edit(_ item: Entity, now: Date) -> Bool { device.edit(item, now: now) }
  mutating func delete(_ id: UUID, now: Date) -> Bool { device.delete(id, now: now) }
  mutating func startSync() { device.startSync() }
  mutating func deleteAccount(password: String) -> Bool { device.deleteAccount(password: password) }
  mutating func next(now: Date, online: Bool) -> SharedDeviceAction { device.next(now: now, online: online) }
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>) { device.downloaded(result) }
  mutating func uploaded(_ id: OperationID, result: Result<Void, SyncError>, now: Date) {
    device.uploaded(id, result: result, now: now)
  }
  mutating func listed(_ result: Result<[DocumentPath], SyncError>) -> AuthError? { device.listed(result) }
  mutating func removed(_ result: Result<Void, SyncError>) -> AuthError? { device.removed(result) }
  mutating func accountDeleted(_ result: Result<Void, AuthError>) -> AuthError? {
    device.accountDeleted(result)
  }
  mutating func networkChanged(online: Bool, now: Date) -> Bool { online }
}
