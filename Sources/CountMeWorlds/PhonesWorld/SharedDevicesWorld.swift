import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// A `SharedDevicesRun` while it runs, with the harness's model of what each cloud must hold.
///
/// A `SharedDevicesRun` while it runs: the phones, the auth service, the cloud, the clock, and the
/// harness's model of what each person's cloud must hold (`SharedDevicesRun.expected`).
struct SharedDevicesWorld<Model: DevicesRunModel, Cloud: SimulationCloud> {
  typealias Entity = Model.Entity
  typealias Expected = SharedDevicesRun.Expected
  let system: SystemLayers
  package var cloud: Cloud
  var service = AuthFake()
  package var devices: [any SharedDeviceUnderTest<Entity>]
  package var online = [Bool](repeating: true, count: SharedDevicesScenario.devices)
  /// Seconds since the run's start; the auth service's clock follows it (its tokens expire on it).
  package var elapsed = 0 {
    didSet { service.now = now }
  }
  var record = SharedDevicesRun()
  /// Each phone's guest changes not yet gone with an account: id to what the cloud must hold.
  var guestChanges = [[UUID: Expected]](repeating: [:], count: SharedDevicesScenario.devices)
  /// How many sign-ins took each phone's guest data: its guest's next items get ids of a new generation.
  var guestGeneration = [Int](repeating: 0, count: SharedDevicesScenario.devices)
  /// What each person's phone showed and had queued when they last signed out of it.
  var keptAtSignOut: [Int: [Int: (HeldEntities, [EntityKey])]] = [:]
  /// The people whose data each phone keeps, in order of their first sign-in on it.
  var people = [[Int]](repeating: [], count: SharedDevicesScenario.devices)

  package init(
    system: SystemLayers, cloud: Cloud, failingAuthCalls: [Int] = [], throttledAuthCalls: [Int] = []
  ) {
    self.system = system
    self.cloud = cloud
    service = AuthFake(failingCalls: failingAuthCalls, throttledCalls: throttledAuthCalls)
    service.now = DevicesRun.start
    let queue = system.queue.makeQueue(capacity: 100, policy: SharedDevicesRun.queuePolicy)
    devices = (0..<SharedDevicesScenario.devices).map { _ in
      system.accounts.makeSharedDevice(of: Entity.self, queue: queue)
    }
    (record.collection, record.word) = (Model.collection, Model.word)
    record.ids = SharedDevicesRun.allIds.enumerated().map { index, entry in
      let entity = Model.phoneEntity(index, id: entry.id)
      return (entry.owner, entry.slot, entity.id, entity.documentId)
    }
  }

  package var now: Date { DevicesRun.start.addingTimeInterval(Double(elapsed)) }

  package func signedIn(_ device: Int) -> String? {
    if case .authenticated(let user) = devices[device].state { return user.uid }
    return nil
  }

  package func queued(_ device: Int, _ uid: String) -> [EntityKey] {
    (devices[device].queue(of: uid)?.pending ?? []).map(\.operation.key)
  }

  mutating func perform(_ step: SharedDevicesScenario.Step, _ index: Int) {
    elapsed += 1
    let device: Int
    switch step {
    case .pause(let hours):
      elapsed += hours * 3_600
      return
    case .signIn(let d, let account):
      device = d
      if signedIn(d) != nil { signOut(d, index) }
      signIn(d, account, index)
    case .signOut(let d):
      device = d
      if signedIn(d) != nil { signOut(d, index) }
    case .edit(let d, let slot, let calories):
      device = d
      edit(d, slot, calories)
    case .delete(let d, let slot):
      device = d
      delete(d, slot, step: index)
    case .sync(let d):
      device = d
      pass(d, step: index)
    case .restart(let d):
      device = d
      devices[d].restart()
    case .goOffline(let d):
      device = d
      online[d] = false
      if devices[d].networkChanged(online: false, now: now) { pass(d, step: index) }
    case .goOnline(let d):
      device = d
      online[d] = true
      if devices[d].networkChanged(online: true, now: now) { pass(d, step: index) }
    case .deleteAccount(let d):
      device = d
      deleteAccount(d, step: index)
    }
    let uid = signedIn(device)
    record.views.append(
      SharedDevicesRun.View(
        step: index, device: device, signedIn: uid,
        visible: HeldEntities(devices[device].visible, Model.self),
        queuedOwners: uid.map { (devices[device].queue(of: $0)?.pending ?? []).map(\.operation.owner) } ?? [])
    )
  }

  mutating func signOut(_ d: Int, _ step: Int) {
    guard let uid = signedIn(d) else { return }
    let shown = HeldEntities(devices[d].visible, Model.self)
    let waiting = queued(d, uid)
    devices[d].signOut()
    if let still = signedIn(d) {
      record.strays.append("step \(step): phone \(d) signed out, and is still signed in as \(still)")
    }
    if let account = record.account(of: uid) { keptAtSignOut[account, default: [:]][d] = (shown, waiting) }
    record.handovers.append(
      SharedDevicesRun.Handover(
        step: step, device: d, uid: uid, shownBefore: shown, queuedBefore: waiting,
        after: devices[d].store(of: uid).map { HeldEntities($0, Model.self) },
        queuedAfter: devices[d].queue(of: uid) == nil ? nil : queued(d, uid),
        returning: false))
  }

  /// Person `account` signs in on `d`, creating their account when the service has none.
  ///
  /// Whoever signs in takes the phone's guest changes (seed 002's migration at the first sign-in); a new
  /// account gets a goal document and an exercise item (a food item, when the phones sync exercise)
  /// written by another client of theirs (a web app, say), so that its deletion has other collections
  /// to empty.
  mutating func signIn(_ d: Int, _ account: Int, _ step: Int?) {
    let email = AuthScenario.email(account)
    let password = AuthScenario.password(account)
    let guest = guestChanges[d]
    if record.uids[account] == nil {
      guard case .success(let request) = devices[d].createAccount(email: email, password: password) else {
        return  // F1-F4 judge a valid sign-up refused; here the phone stays signed out
      }
      let answer = service.answer(request)
      _ = devices[d].answered(answer)
      guard case .success(let grant) = answer else { return }
      record.uids[account] = grant.user.uid
      guestChangesGo(from: d, to: account)
      // CountMe's other collections, which another of its clients writes: an app's run has its own alone.
      if !Model.isAppCollection {
        let goal = DocumentPath(uid: grant.user.uid, collection: "profile", documentId: "settings")
        cloud.writeAsAnotherClient(
          CloudDocument(["userId": grant.user.uid, "dailyCalorieGoal": 2_000]), at: goal, now: now)
        let (collection, fields) = Self.otherClientsDocument(of: grant.user.uid)
        let other = DocumentPath(
          uid: grant.user.uid, collection: collection, documentId: SharedDevicesRun.otherClientsDocument)
        cloud.writeAsAnotherClient(CloudDocument(fields), at: other, now: now)
      }
    } else {
      let answer = service.answer(devices[d].signIn(email: email, password: password))
      _ = devices[d].answered(answer)
      if case .success = answer { guestChangesGo(from: d, to: account) }
    }
    guard let uid = signedIn(d), let step else { return }
    if !people[d].contains(account) { people[d].append(account) }
    if let (shown, queued) = keptAtSignOut[account]?[d] {
      record.handovers.append(
        SharedDevicesRun.Handover(
          step: step, device: d, uid: uid, shownBefore: shown, queuedBefore: queued,
          after: HeldEntities(devices[d].visible, Model.self), queuedAfter: self.queued(d, uid),
          returning: true,
          guestChanges: guest))
    }
  }

  /// The guest's changes on `d` go with `account`, signed in: its cloud must now hold them.
  mutating func guestChangesGo(from d: Int, to account: Int) {
    guard !guestChanges[d].isEmpty else { return }
    record.expected[account, default: [:]].merge(guestChanges[d]) { _, guest in guest }
    guestChanges[d] = [:]
    guestGeneration[d] = min(guestGeneration[d] + 1, SharedDevicesRun.guestGenerations - 1)
  }

  /// Who edits on `d`, and the owner whose ids they use.
  ///
  /// Who edits on `d`: a person (nil for the guest), and the owner whose ids they use; a phone
  /// still signed in to an account deleted elsewhere edits its person's ids, for no cloud to hold
  /// (`deleted`).
  func user(_ d: Int) -> (account: Int?, owner: SharedDevicesRun.Owner, deleted: Bool) {
    if let uid = signedIn(d), let former = record.deletedAccounts[uid] {
      return (nil, .account(former), true)
    }
    guard let account = record.account(of: signedIn(d)) else {
      return (nil, .guest(device: d, generation: guestGeneration[d]), false)
    }
    return (account, .account(account), false)
  }

  /// The exercise item (a food item, when the phones sync exercise) another client of `uid` writes.
  static func otherClientsDocument(of uid: String) -> (collection: String, fields: [String: Any]) {
    let id = SharedDevicesRun.otherClientsDocument
    if Entity.entityType == .exerciseItem {
      return ("foodItems", ["id": id, "userId": uid, "name": "Apple", "calories": 95])
    }
    return ("exerciseItems", ["id": id, "userId": uid, "name": "Walk", "caloriesBurned": 120])
  }

  /// Whoever uses `d` sets their entity `slot` to `calories`, made as the devices runs make an edit.
  ///
  /// The entity `DevicesRunModel.phoneVersion` makes, with the owner's id for the slot and no
  /// `userId` (the phone stamps it).
  mutating func edit(_ d: Int, _ slot: Int, _ calories: Int) {
    let (account, owner, deleted) = user(d)
    let index = SharedDevicesRun.index(owner, slot)
    guard
      let version = try? Model.phoneVersion(index, slot: slot, id: record.ids[index].id, calories: calories),
      let made = try? Model.make(version), devices[d].edit(made, now: now), !deleted
    else { return }
    note(account, d, made.id, .live(calories: version.calories))
  }

  mutating func delete(_ d: Int, _ slot: Int, step: Int) {
    let (account, owner, deleted) = user(d)
    let id = record.id(owner, slot)
    let shown = devices[d].visible.live[id] != nil
    let done = devices[d].delete(id, now: now)
    // A user deletes only what the phone shows, and what it shows it deletes.
    if shown, !done || devices[d].visible.live[id] != nil {
      record.strays.append("step \(step): phone \(d) shows \(Model.word) \(slot), and did not delete it")
    }
    guard done, !deleted else { return }
    note(account, d, id, .deleted)
  }

  /// What `account`'s cloud (the guest's changes on `d`, for nil) must now hold of `id`: a
  /// deletion stays.
  mutating func note(_ account: Int?, _ d: Int, _ id: UUID, _ change: Expected) {
    func merged(_ old: Expected?) -> Expected { old == .deleted ? .deleted : change }
    if let account {
      record.expected[account, default: [:]][id] = merged(record.expected[account]?[id])
    } else {
      guestChanges[d][id] = merged(guestChanges[d][id])
    }
  }

  /// One pass of `d`'s sync, its token refresh first.
  ///
  /// It ends at its first backoff during the steps; in the quiet spell (`step` nil) the clock moves to the
  /// retry instead.
  mutating func pass(_ d: Int, step: Int?) {
    let before = signedIn(d)
    var unreachable = false
    defer { noteIfDeleted(d, signedInBefore: before, step: step, heard: !unreachable) }
    devices[d].startSync()
    loop: for _ in 0..<1_000 {
      cloud.online = online[d]
      switch devices[d].next(now: now, online: online[d]) {
      case .done: break loop
      case .wait(let until):
        guard step == nil else { break loop }
        elapsed = max(elapsed, Int(until.timeIntervalSince(DevicesRun.start).rounded(.up)))
      case .auth(let request):
        _ = devices[d].answered(ask(request, unreachable: &unreachable))
      case .download(let owner, let after):
        let (response, changes) = read(d, Model.collection, of: owner, after: after, step: step)
        devices[d].downloaded(response.map { changes })
      case .upload(let id, let path, let document):
        devices[d].uploaded(
          id, result: write(d, .upload(path: path, document: document), step: step), now: now)
      case .delete(let id, let path):
        devices[d].uploaded(id, result: write(d, .delete(path: path), step: step), now: now)
      case .list, .deleteDocument, .deleteAccount:
        record.strays.append(
          "\(SharedDevicesRun.when(step)): phone \(d)'s pass asked for an account deletion's call")
        break loop
      }
    }
  }

  /// The user the phone's token signs its calls in as at `now`; nil when it holds none the service
  /// granted, or it expired.
  package func caller(_ d: Int) -> String? { devices[d].token.flatMap(service.user(holding:)) }

  /// `d` reads `owner`'s `collection` after revision `after`, as its token's user; recorded.
  mutating func read(_ d: Int, _ collection: String, of owner: String, after: Int, step: Int?)
    -> (Result<Void, SyncError>, [CloudChange])
  {
    let caller = caller(d)
    // The app's collection names owners in its own field; CountMe's in `userId`.
    let ownerField = collection == Model.collection ? Entity.ownerField : "userId"
    var result = Result<Void, SyncError>.failure(.permissionDenied(path: "users/\(owner)/\(collection)"))
    var changes: [CloudChange] = []
    if let caller {
      let (response, found) = cloud.changes(in: collection, of: owner, as: caller, after: after, now: now)
      (result, changes) = (response.result, found)
    }
    record.calls.append(
      SharedDevicesRun.Call(
        step: step, device: d, signedIn: signedIn(d), caller: caller,
        kind: .download(owner: owner, collection: collection), refused: result.refused,
        brought: changes.map { ($0.path.documentId, $0.document.fields[ownerField] as? String) }))
    return (result, changes)
  }

  /// `d` writes or deletes a document, as its token's user; recorded.
  package mutating func write(_ d: Int, _ what: SharedDevicesRun.Write, step: Int?) -> Result<Void, SyncError>
  {
    let caller = caller(d)
    var result = Result<Void, SyncError>.failure(.permissionDenied(path: "\(what.path)"))
    if let caller {
      switch what {
      case .upload(let path, let document):
        result = cloud.set(document, at: path, as: caller, now: now).result
      case .delete(let path): result = cloud.delete(at: path, as: caller, now: now).result
      }
    }
    record.calls.append(
      SharedDevicesRun.Call(
        step: step, device: d, signedIn: signedIn(d), caller: caller,
        kind: what.kind(ownerField: Entity.ownerField),
        refused: result.refused,
        brought: []))
    return result
  }
}

extension Result where Failure == SyncError {
  /// True when the rules refused the call.
  package var refused: Bool {
    if case .failure(.permissionDenied) = self { return true }
    return false
  }
}
