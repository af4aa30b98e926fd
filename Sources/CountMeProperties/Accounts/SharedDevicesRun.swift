import CloudFake
import CountMeContract
import CountMeCore
import Foundation
import Generators

/// Runs a `SharedDevicesScenario`: two launches of the system's `SharedDeviceUnderTest`, one
/// `AuthFake` answering their sign-ups and sign-ins, and one cloud (`CloudFake`, or Firestore)
/// under the recommended rules, with the scenario's faults. A phone's cloud calls are made as the
/// user its token signs in, as Firestore would take them; a call with no token is refused
/// unasked, as the rules refuse everyone signed out.
///
/// Then a quiet spell: faults stop, both phones come online, and on each phone every person whose
/// data it keeps signs in, in account order, syncs three times (waiting out backoffs) and signs
/// out. The run records what each step showed and every call; F8, F11, F24 and F25 judge. What
/// each person's cloud must hold at the end (`expected`) is worked out from the steps, by seed
/// 002's rules: the last edit wins, a deletion wins over any edit, a guest's data goes with the
/// next account created on its phone (its deletions stay local).
struct SharedDevicesRun {
  /// Whose food item an id names: a person of the pool, or a phone's guest.
  enum Owner: Hashable, Comparable, CustomStringConvertible {
    case account(Int)
    case guest(device: Int)

    var code: UInt8 {
      switch self {
      case .account(let a): return UInt8(a)
      case .guest(let d): return UInt8(AuthScenario.accounts + d)
      }
    }

    var description: String {
      switch self {
      case .account(let a): return "person \(a)"
      case .guest(let d): return "phone \(d)'s guest"
      }
    }
  }

  /// One cloud call a phone made.
  struct Call {
    enum Kind: CustomStringConvertible {
      case download(owner: String)
      case upload(path: DocumentPath, userId: String?)
      case delete(path: DocumentPath)

      var description: String {
        switch self {
        case .download(let owner): return "a download of users/\(owner)/\(SharedDevicesRun.collection)"
        case .upload(let path, _): return "a write of \(path)"
        case .delete(let path): return "a deletion of \(path)"
        }
      }
    }
    /// The step it was made in; nil in the quiet spell.
    let step: Int?
    let device: Int
    /// Who the phone said was signed in.
    let signedIn: String?
    /// Who its token signed the call in as; nil when it had none.
    let caller: String?
    let kind: Kind
    /// True when the rules refused it.
    let refused: Bool
    /// What a download brought: each document's id and `userId`.
    let brought: [(documentId: String, userId: String?)]
  }

  /// What a phone showed after a step of it.
  struct View {
    let step: Int
    let device: Int
    let signedIn: String?
    let visible: EntityStore<FoodItem>
    /// The owners of the operations the signed-in user has waiting on the phone.
    let queuedOwners: [String?]
  }

  /// A person signing out, or signing in again on a phone that keeps their data.
  struct Handover {
    let step: Int
    let device: Int
    let uid: String
    /// What the phone showed and had queued for them just before they signed out.
    let shownBefore: EntityStore<FoodItem>
    let queuedBefore: [EntityKey]
    /// What it kept of them once signed out (`signOut`), or showed once they were back (`signIn`).
    let after: EntityStore<FoodItem>?
    let queuedAfter: [EntityKey]?
    /// True for a sign-in again.
    let returning: Bool
  }

  /// What a person's cloud must hold of one of their food items.
  enum Expected: Equatable, CustomStringConvertible {
    case live(calories: Double)
    /// Nothing live: a tombstone, or no document (a guest's deletion never leaves the phone).
    case deleted

    var description: String {
      switch self {
      case .live(let calories): return "\(calories) kcal"
      case .deleted: return "deleted"
      }
    }
  }

  /// What a person's cloud holds of one document.
  enum Held: Equatable, CustomStringConvertible {
    case absent
    case deleted(userId: String?)
    case live(calories: Double, userId: String)
    case unreadable

    var description: String {
      switch self {
      case .absent: return "nothing"
      case .deleted: return "a tombstone"
      case .live(let calories, _): return "\(calories) kcal"
      case .unreadable: return "an unreadable document"
      }
    }
  }

  private(set) var calls: [Call] = []
  private(set) var views: [View] = []
  private(set) var handovers: [Handover] = []
  /// Each person's uid, once the service made their account.
  private(set) var uids: [Int: String] = [:]
  /// What each person's cloud must hold at the end, by food item id.
  private(set) var expected: [Int: [UUID: Expected]] = [:]
  /// What each person's cloud holds at the end of every id a run can make.
  private(set) var finalCloud: [Int: [UUID: Held]] = [:]
  /// Each person's query of another's food items at the end: true when the cloud refused it.
  private(set) var crossQueries: [(caller: Int, owner: Int, refused: Bool)] = []

  static let collection = "foodItems"
  static let queuePolicy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 10)

  /// The id of `owner`'s food item `slot`.
  static func id(_ owner: Owner, _ slot: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xAC, owner.code, UInt8(slot)))
  }

  /// Every id a run can make, in order.
  static let allIds: [(owner: Owner, slot: Int, id: UUID)] = {
    let owners =
      (0..<AuthScenario.accounts).map(Owner.account)
      + (0..<SharedDevicesScenario.devices).map { Owner.guest(device: $0) }
    return owners.flatMap { owner in (0..<SharedDevicesScenario.slots).map { (owner, $0, id(owner, $0)) } }
  }()

  /// The owner whose id space `id` is in; nil for an id no run makes.
  static func owner(of id: UUID) -> Owner? { allIds.first { $0.id == id }?.owner }

  /// The person of `uid`, when the service made it.
  func account(of uid: String?) -> Int? { uids.first { $0.value == uid }?.key }

  static func run(_ scenario: SharedDevicesScenario, _ system: SystemLayers) throws -> SharedDevicesRun {
    try system.cloud.running(
      scenario.faults, fake: { run(scenario, system, on: &$0) }, firestore: { run(scenario, system, on: &$0) }
    )
  }

  private static func run<Cloud: SimulationCloud>(
    _ scenario: SharedDevicesScenario, _ system: SystemLayers, on cloud: inout Cloud
  ) -> SharedDevicesRun {
    var world = World(system: system, cloud: cloud)
    defer { cloud = world.cloud }
    for (index, step) in scenario.steps.enumerated() {
      world.perform(step, index)
    }
    world.quietSpell()
    world.finish()
    return world.record
  }

  /// The run's state while it runs.
  private struct World<Cloud: SimulationCloud> {
    let system: SystemLayers
    var cloud: Cloud
    var service = AuthFake()
    var devices: [any SharedDeviceUnderTest]
    var online = [Bool](repeating: true, count: SharedDevicesScenario.devices)
    var elapsed = 0
    var record = SharedDevicesRun()
    /// Each phone's guest changes not yet gone with an account: id to what the cloud must hold.
    var guestChanges = [[UUID: Expected]](repeating: [:], count: SharedDevicesScenario.devices)
    /// What each person's phone showed and had queued when they last signed out of it.
    var keptAtSignOut: [Int: [Int: (EntityStore<FoodItem>, [EntityKey])]] = [:]
    /// The people whose data each phone keeps, in order of their first sign-in on it.
    var people = [[Int]](repeating: [], count: SharedDevicesScenario.devices)

    init(system: SystemLayers, cloud: Cloud) {
      self.system = system
      self.cloud = cloud
      let queue = system.queue.makeQueue(capacity: 100, policy: SharedDevicesRun.queuePolicy)
      devices = (0..<SharedDevicesScenario.devices).map { _ in system.accounts.makeSharedDevice(queue: queue)
      }
    }

    var now: Date { DevicesRun.start.addingTimeInterval(Double(elapsed)) }

    func signedIn(_ device: Int) -> String? {
      if case .authenticated(let user) = devices[device].state { return user.uid }
      return nil
    }

    func queued(_ device: Int, _ uid: String) -> [EntityKey] {
      (devices[device].queue(of: uid)?.pending ?? []).map(\.operation.key)
    }

    mutating func perform(_ step: SharedDevicesScenario.Step, _ index: Int) {
      elapsed += 1
      let device: Int
      switch step {
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
        delete(d, slot)
      case .sync(let d):
        device = d
        pass(d, step: index)
      case .restart(let d):
        device = d
        devices[d].restart()
      case .goOffline(let d):
        device = d
        online[d] = false
      case .goOnline(let d):
        device = d
        online[d] = true
      }
      let uid = signedIn(device)
      record.views.append(
        View(
          step: index, device: device, signedIn: uid, visible: devices[device].visible,
          queuedOwners: uid.map { (devices[device].queue(of: $0)?.pending ?? []).map(\.operation.owner) }
            ?? []))
    }

    mutating func signOut(_ d: Int, _ step: Int) {
      guard let uid = signedIn(d) else { return }
      let shown = devices[d].visible
      let waiting = queued(d, uid)
      devices[d].signOut()
      if let account = record.account(of: uid) { keptAtSignOut[account, default: [:]][d] = (shown, waiting) }
      record.handovers.append(
        Handover(
          step: step, device: d, uid: uid, shownBefore: shown, queuedBefore: waiting,
          after: devices[d].store(of: uid),
          queuedAfter: devices[d].queue(of: uid) == nil ? nil : queued(d, uid),
          returning: false))
    }

    mutating func signIn(_ d: Int, _ account: Int, _ step: Int?) {
      let email = AuthScenario.email(account), password = AuthScenario.password(account)
      if record.uids[account] == nil {
        guard case .success(let request) = devices[d].createAccount(email: email, password: password) else {
          return  // F1-F4 judge a valid sign-up refused; here the phone stays signed out
        }
        let answer = service.answer(request)
        _ = devices[d].answered(answer)
        guard case .success(let grant) = answer else { return }
        record.uids[account] = grant.user.uid
        record.expected[account, default: [:]].merge(guestChanges[d]) { _, guest in guest }
        guestChanges[d] = [:]
      } else {
        let answer = service.answer(devices[d].signIn(email: email, password: password))
        _ = devices[d].answered(answer)
      }
      guard let uid = signedIn(d), let step else { return }
      if !people[d].contains(account) { people[d].append(account) }
      if let (shown, queued) = keptAtSignOut[account]?[d] {
        record.handovers.append(
          Handover(
            step: step, device: d, uid: uid, shownBefore: shown, queuedBefore: queued,
            after: devices[d].visible, queuedAfter: self.queued(d, uid), returning: true))
      }
    }

    /// The person signed in on `d`, or nil for the guest; their owner in the id space.
    func user(_ d: Int) -> (account: Int?, owner: Owner) {
      guard let account = record.account(of: signedIn(d)) else { return (nil, .guest(device: d)) }
      return (account, .account(account))
    }

    mutating func edit(_ d: Int, _ slot: Int, _ calories: Int) {
      let (account, owner) = user(d)
      var item = FoodItemArguments()
      (item.id, item.name, item.calories) = (
        SharedDevicesRun.id(owner, slot), "food \(slot)", Double(calories)
      )
      (item.timestamp, item.userId, item.syncStatus) = (DevicesRun.start, "", .pendingUpload)
      guard let made = try? item.construct(), devices[d].edit(made, now: now) else { return }
      note(account, d, made.id, .live(calories: Double(calories)))
    }

    mutating func delete(_ d: Int, _ slot: Int) {
      let (account, owner) = user(d)
      let id = SharedDevicesRun.id(owner, slot)
      guard devices[d].delete(id, now: now) else { return }
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

    /// One pass of `d`'s sync: it ends at its first backoff during the steps; in the quiet spell
    /// (`step` nil) the clock moves to the retry instead.
    mutating func pass(_ d: Int, step: Int?) {
      devices[d].startSync()
      loop: for _ in 0..<1_000 {
        cloud.online = online[d]
        switch devices[d].next(now: now, online: online[d]) {
        case .done: break loop
        case .wait(let until):
          guard step == nil else { break loop }
          elapsed = max(elapsed, Int(until.timeIntervalSince(DevicesRun.start).rounded(.up)))
        case .download(let owner, let after):
          let caller = token(d)
          var brought: [(String, String?)] = []
          var refused = caller == nil
          if let caller {
            let (response, changes) = cloud.changes(
              in: SharedDevicesRun.collection, of: owner, as: caller, after: after, now: now)
            refused = response.refused
            brought = changes.map { ($0.path.documentId, $0.document.fields["userId"] as? String) }
            devices[d].downloaded(response.result.map { changes })
          } else {
            devices[d].downloaded(.failure(.permissionDenied(path: "users/\(owner)/foodItems")))
          }
          record.calls.append(
            Call(
              step: step, device: d, signedIn: signedIn(d), caller: caller, kind: .download(owner: owner),
              refused: refused, brought: brought))
        case .upload(let id, let path, let document):
          let caller = token(d)
          let response = caller.map { cloud.set(document, at: path, as: $0, now: now) }
          record.calls.append(
            Call(
              step: step, device: d, signedIn: signedIn(d), caller: caller,
              kind: .upload(path: path, userId: document.fields["userId"] as? String),
              refused: response?.refused ?? true, brought: []))
          devices[d].uploaded(
            id, result: response?.result ?? .failure(.permissionDenied(path: "\(path)")), now: now)
        case .delete(let id, let path):
          let caller = token(d)
          let response = caller.map { cloud.delete(at: path, as: $0, now: now) }
          record.calls.append(
            Call(
              step: step, device: d, signedIn: signedIn(d), caller: caller, kind: .delete(path: path),
              refused: response?.refused ?? true, brought: []))
          devices[d].uploaded(
            id, result: response?.result ?? .failure(.permissionDenied(path: "\(path)")), now: now)
        }
      }
    }

    /// The user the phone's token signs its calls in as; nil when it holds none the service granted.
    func token(_ d: Int) -> String? { devices[d].token.flatMap(service.user(holding:)) }

    /// Every phone online, no faults; on each, each person whose data it keeps signs in, syncs
    /// three times and signs out.
    mutating func quietSpell() {
      cloud.faultsEnabled = false
      online = online.map { _ in true }
      for d in devices.indices {
        if signedIn(d) != nil { devices[d].signOut() }
        for account in people[d] {
          signIn(d, account, nil)
          for _ in 0..<3 { pass(d, step: nil) }
          devices[d].signOut()
        }
      }
    }

    /// Reads each person's cloud, and asks for each other person's food items as each.
    mutating func finish() {
      for (account, uid) in record.uids.sorted(by: { $0.key < $1.key }) {
        var held: [UUID: Held] = [:]
        for entry in SharedDevicesRun.allIds {
          let path = DocumentPath(
            uid: uid, collection: SharedDevicesRun.collection, documentId: entry.id.uuidText)
          held[entry.id] = cloud.document(at: path).map { SharedDevicesRun.held($0.fields) } ?? .absent
        }
        record.finalCloud[account] = held
      }
      for (caller, callerUid) in record.uids.sorted(by: { $0.key < $1.key }) {
        for (owner, ownerUid) in record.uids.sorted(by: { $0.key < $1.key }) where owner != caller {
          let (response, _) = cloud.changes(
            in: SharedDevicesRun.collection, of: ownerUid, as: callerUid, after: 0, now: now)
          record.crossQueries.append((caller, owner, response.refused))
        }
      }
    }
  }

  /// What a document's fields hold, read by the harness's schema, never by CountMeCore's codec.
  static func held(_ fields: [String: Any]) -> Held {
    if fields["deleted"] as? Bool == true { return .deleted(userId: fields["userId"] as? String) }
    guard let item = ModelSchemas.foodItem.arguments(reading: fields) else { return .unreadable }
    return .live(calories: item.calories, userId: item.userId)
  }
}

extension CloudFake.Response {
  /// True when the rules refused the call.
  var refused: Bool {
    if case .failure(.permissionDenied) = result { return true }
    return false
  }
}
