import CloudFake
import CountMeCore
import CountMeGenerators
import Generators
import PropertyHarness

/// Two phones shared by three people, each editing their own entities of one collection.
///
/// Two phones shared by three people (F8, F11, F24, F25, F31): each person has account `i` of
/// `AuthScenario`'s pool, and edits their own entities of `collection` (food items, exercise items,
/// custom meals or daily logs) on whichever phone they are signed in on,
/// with the cloud's calls failing as `faults` says and the auth service's as `failingAuthCalls` and
/// `throttledAuthCalls` do.
///
/// A step the app would not offer does nothing: a sign-out while signed out. Every step takes one second of
/// the one clock the phones share.
package struct SharedDevicesScenario: Sendable, Equatable {
  package enum Step: Sendable, Equatable {
    /// The phone is handed to person `account`, who signs in or creates their account.
    ///
    /// The phone is handed to person `account`: whoever is signed in signs out, then the person
    /// signs in, or creates their account when the service has none yet.
    case signIn(device: Int, account: Int)
    case signOut(device: Int)
    /// Whoever uses the phone (nobody: the guest) sets their entity `slot` to `calories`.
    case edit(device: Int, slot: Int, calories: Int)
    /// Whoever uses the phone deletes their entity `slot`.
    case delete(device: Int, slot: Int)
    /// One pass of the phone's sync, ending at its first backoff.
    case sync(device: Int)
    /// The app is launched again.
    case restart(device: Int)
    case goOffline(device: Int)
    case goOnline(device: Int)
    /// Whoever is signed in deletes their account (F31).
    case deleteAccount(device: Int)
    /// Both phones lie unused for `hours` hours: every token granted before has expired.
    case pause(hours: Int)
  }

  package var steps: [Step]
  /// The faults of the cloud's successive calls; none once the steps end.
  package var faults: FaultPlan
  /// The calls to the auth service (numbered from 0) that fail with a network error; none once the
  /// steps end.
  package var failingAuthCalls: [Int] = []
  /// The calls to the auth service (numbered from 0) it refuses with `tooManyRequests`.
  ///
  /// None once the steps end; a network error on the same call comes first.
  package var throttledAuthCalls: [Int] = []
  /// The collection the phones sync: food items (the default), exercise items, custom meals or daily logs.
  package var collection: EntityType = .foodItem

  /// The collections a run may sync, every one a person keeps apart on a shared phone but the goal.
  ///
  /// Every collection of a person's but the goal: the goal is one document with one id for every
  /// user (`UserGoal.singletonID`), so the ids by which the run tells one person's entities from
  /// another's (`SharedDevicesRun.id(_:_:)`) cannot name it.
  package static let collections: [EntityType] = [.foodItem, .exerciseItem, .customMeal, .dailyLog]

  package static let devices = 2
  /// Entities per person.
  package static let slots = 3

  /// The scenario's steps as JSON.
  ///
  /// Steps as `{"signIn": [device, account]}`, `{"signOut": device}`, `{"edit": [device, slot,
  /// calories]}`, `{"delete": [device, slot]}`, `{"sync": device}`, `{"restart": device}`,
  /// `{"offline": device}`, `{"online": device}`, `{"deleteAccount": device}`, `{"pause": hours}`
  /// (1 to 24); the cloud's faults as `"faults"`, the auth service's failing calls as
  /// `"failingAuthCalls"` and its throttled ones as `"throttledAuthCalls"` (optional: none), and
  /// the collection as `"collection"` (`"exerciseItems"`, `"customMeals"`, `"dailyLogs"`; absent:
  /// food items).
  package var json: JSON {
    func numbers(_ name: String, _ values: [Int]) -> JSON {
      .object([
        (name, values.count == 1 ? .integer(Int64(values[0])) : .array(values.map { .integer(Int64($0)) }))
      ])
    }
    let collection: [(String, JSON)] =
      self.collection == .foodItem
      ? [] : [("collection", .string(CloudDevicesInput.collection(of: self.collection)))]
    return .object(
      [
        (
          "steps",
          .array(
            steps.map { step in
              switch step {
              case .signIn(let d, let a): return numbers("signIn", [d, a])
              case .signOut(let d): return numbers("signOut", [d])
              case .edit(let d, let s, let c): return numbers("edit", [d, s, c])
              case .delete(let d, let s): return numbers("delete", [d, s])
              case .sync(let d): return numbers("sync", [d])
              case .restart(let d): return numbers("restart", [d])
              case .goOffline(let d): return numbers("offline", [d])
              case .goOnline(let d): return numbers("online", [d])
              case .deleteAccount(let d): return numbers("deleteAccount", [d])
              case .pause(let hours): return numbers("pause", [hours])
              }
            })
        ),
        ("faults", .array(faults.faults.map { .string($0.rawValue) })),
        ("failingAuthCalls", .array(failingAuthCalls.map { .integer(Int64($0)) })),
        ("throttledAuthCalls", .array(throttledAuthCalls.map { .integer(Int64($0)) })),
      ] + collection)
  }

  private static let stepNames =
    "signIn, signOut, edit, delete, sync, restart, offline, online, deleteAccount"

  /// Reads `json`'s form, its collection one of `collections` (absent: food items); throws naming the path of a problem.
  package init(json: JSON, collections: [EntityType] = Self.collections) throws {
    let reader = try JSONReader(json, path: "input")
    steps = try reader.array("steps").enumerated().map { index, step in
      try Self.step(step, path: "input.steps[\(index)]")
    }
    faults = try FaultPlan(reader, path: "input")
    // Optional: a case written before the auth service's faults fails no call of it.
    failingAuthCalls = try reader.integers("failingAuthCalls", in: 0...1_000, optional: true)
    // Optional: a case written before the service throttled has none.
    throttledAuthCalls = try reader.integers("throttledAuthCalls", in: 0...1_000, optional: true)
    // Optional: a case written before the phones synced other collections syncs food items.
    if reader.json["collection"] != nil {
      let name = try reader.string("collection")
      guard let type = collections.first(where: { CloudDevicesInput.collection(of: $0) == name }) else {
        let names = collections.map(CloudDevicesInput.collection).joined(separator: ", ")
        throw reader.fail("collection", "unknown collection \(name): expected \(names)")
      }
      collection = type
    }
  }

  package init(
    steps: [Step], faults: FaultPlan = FaultPlan(), failingAuthCalls: [Int] = [],
    throttledAuthCalls: [Int] = [], collection: EntityType = .foodItem
  ) {
    self.steps = steps
    self.faults = faults
    self.failingAuthCalls = failingAuthCalls
    self.throttledAuthCalls = throttledAuthCalls
    self.collection = collection
  }

  private static func step(_ json: JSON, path: String) throws -> Step {
    guard case .object(let members) = json, members.count == 1 else {
      throw InputDecodingError(path: path, problem: "expected one of \(stepNames)")
    }
    let (name, value) = members[0]
    let at = "\(path).\(name)"
    let ranges: [ClosedRange<Int>]
    switch name {
    case "signIn": ranges = [0...(devices - 1), 0...(AuthScenario.accounts - 1)]
    case "edit": ranges = [0...(devices - 1), 0...(slots - 1), 0...50_000]
    case "delete": ranges = [0...(devices - 1), 0...(slots - 1)]
    case "signOut", "sync", "restart", "offline", "online", "deleteAccount": ranges = [0...(devices - 1)]
    case "pause": ranges = [1...24]
    default:
      throw InputDecodingError(path: path, problem: "unknown step \(name): expected one of \(stepNames)")
    }
    let items: [JSON]
    if case .array(let array) = value { items = array } else { items = [value] }
    guard items.count == ranges.count else {
      throw InputDecodingError(
        path: at,
        problem:
          "expected \(name == "pause" ? "a number of hours" : ranges.count == 1 ? "a device" : "\(ranges.count) whole numbers")"
      )
    }
    let n = try zip(items, ranges).map { item, range -> Int in
      guard case .integer(let number) = item, let whole = Int(exactly: number), range.contains(whole) else {
        throw InputDecodingError(
          path: at,
          problem: "expected whole numbers in \(ranges.map { "\($0.lowerBound)...\($0.upperBound)" })")
      }
      return whole
    }
    switch name {
    case "signIn": return .signIn(device: n[0], account: n[1])
    case "edit": return .edit(device: n[0], slot: n[1], calories: n[2])
    case "delete": return .delete(device: n[0], slot: n[1])
    case "signOut": return .signOut(device: n[0])
    case "sync": return .sync(device: n[0])
    case "restart": return .restart(device: n[0])
    case "offline": return .goOffline(device: n[0])
    case "deleteAccount": return .deleteAccount(device: n[0])
    case "pause": return .pause(hours: n[0])
    default: return .goOnline(device: n[0])
    }
  }

  /// One to sixteen steps (an account deletion an hour late counted once), up to eight faults.
  ///
  /// One to sixteen entries, sign-ins, edits and syncs the most common (an entry may be a pause of an
  /// hour and an account deletion: a sign-in too old to delete the account without signing in again),
  /// with up to eight faulty calls of the cloud (transient ones: a refusal is F24's and F25's to
  /// find, not to inject).
  ///
  /// Devices, accounts and slots shrink toward 0, calories toward 100, faults toward none.
  package static let generator: Generator<Tagged<SharedDevicesScenario>> = {
    let device = Gen.int(in: 0...(devices - 1), shrinkingToward: 0)
    let slot = Gen.int(in: 0...(slots - 1), shrinkingToward: 0)
    // Person 0 is drawn as often as the other two together: a person signed in on both phones at
    // once (where one phone deletes the account the other is still signed in to) is common.
    let person = Gen.frequency([
      (2, Gen.constant(0)), (1, Gen.int(in: 1...(AuthScenario.accounts - 1), shrinkingToward: 1)),
    ])
    let step = Gen.frequency([
      (4, Gen.zip(device, person).map { Step.signIn(device: $0, account: $1) }),
      (1, device.map { Step.signOut(device: $0) }),
      (
        5,
        Gen.zip(Gen.zip(device, slot), Gen.int(in: 1...2_000, shrinkingToward: 100)).map {
          Step.edit(device: $0.0, slot: $0.1, calories: $1)
        }
      ),
      (1, Gen.zip(device, slot).map { Step.delete(device: $0, slot: $1) }),
      (4, device.map { Step.sync(device: $0) }),
      (1, device.map { Step.restart(device: $0) }),
      (2, device.map { Step.deleteAccount(device: $0) }),
      (1, Gen.int(in: 1...3, shrinkingToward: 1).map { Step.pause(hours: $0) }),
      (1, device.map { Step.goOffline(device: $0) }),
      (1, device.map { Step.goOnline(device: $0) }),
    ])
    // Version 2: one entry in twelve is an account deleted an hour after the last step, its
    // sign-in then too old for the auth service to delete it without a sign-in again.
    let entry = Gen.frequency([
      (11, step.map { [$0] }), (1, device.map { [Step.pause(hours: 1), Step.deleteAccount(device: $0)] }),
    ])
    // Version 3: half the scenarios fail one to three of the auth service's first sixteen calls.
    let failingAuthCalls = Gen.frequency([
      (1, Gen.constant([Int]())),
      (1, Gen.array(of: Gen.int(in: 0...15, shrinkingToward: 0), count: 1...3, averageExtra: 0.5)),
    ])
    // Version 4: a third of the scenarios have one or two of those calls throttled instead
    // (`tooManyRequests`), drawn last so a seed's steps and failures are version 3's.
    let throttledAuthCalls = Gen.frequency([
      (2, Gen.constant([Int]())),
      (1, Gen.array(of: Gen.int(in: 0...15, shrinkingToward: 0), count: 1...2, averageExtra: 0.5)),
    ])
    // Version 5: the collection the phones sync, drawn last so a seed's steps and faults are version 4's
    // (shrinking toward food items).
    return Gen.zip(
      Gen.zip(
        Gen.zip(
          Gen.zip(
            Gen.array(of: entry, count: 1...16, averageExtra: 8),
            Gen.faultPlan(calls: 0...8, rate: 0.3, kinds: CloudDevicesInput.faultKinds)),
          failingAuthCalls),
        throttledAuthCalls),
      Gen.element(of: collections)
    ).map { drawn, collection in
      let (((entries, faults), failing), throttled) = drawn
      let scenario = SharedDevicesScenario(
        steps: entries.flatMap { $0 }, faults: faults, failingAuthCalls: Array(Set(failing)).sorted(),
        throttledAuthCalls: Array(Set(throttled)).sorted(), collection: collection)
      return Tagged(scenario, tags: scenario.tags)
    }
  }()

  /// Whether a phone deletes the account of the person last signed in on the other phone.
  ///
  /// Whether a phone deletes the account of the person the other phone was last signed in as, with
  /// no sign-out there since (as far as the steps say: a sign-in may fail).
  var deletesWhileSignedInElsewhere: Bool {
    var signedIn = [Int?](repeating: nil, count: Self.devices)
    for step in steps {
      switch step {
      case .signIn(let d, let account): signedIn[d] = account
      case .signOut(let d): signedIn[d] = nil
      case .deleteAccount(let d):
        if let account = signedIn[d], signedIn.indices.contains(where: { $0 != d && signedIn[$0] == account })
        {
          return true
        }
        signedIn[d] = nil
      default: continue
      }
    }
    return false
  }

  /// What a run's statistics count.
  ///
  /// A phone used by two people, a person back on a phone after someone else, a guest's edit, a restart, an
  /// account deletion, faults.
  var tags: [String] {
    var tags: [String] = []
    for device in 0..<Self.devices {
      let people = steps.compactMap { step -> Int? in
        if case .signIn(device, let account) = step { return account } else { return nil }
      }
      if Set(people).count > 1 { tags.append("Accounts.sharedPhone") }
      if zip(people, people.dropFirst()).contains(where: { $0 != $1 }),
        people.enumerated().contains(where: { index, person in people.prefix(index).contains(person) })
      {
        tags.append("Accounts.personBack")
      }
      if case .edit(device, _, _)? = steps.first(where: {
        if case .signIn(device, _) = $0 { return true }
        if case .edit(device, _, _) = $0 { return true }
        return false
      }) {
        tags.append("Accounts.guestEdit")
      }
    }
    tags = Array(Set(tags)).sorted()
    if steps.contains(where: { if case .restart = $0 { true } else { false } }) {
      tags.append("Accounts.restart")
    }
    if steps.contains(where: { if case .deleteAccount = $0 { true } else { false } }) {
      tags.append("Accounts.deleteAccount")
    }
    if deletesWhileSignedInElsewhere { tags.append("Accounts.deleteWhileSignedInElsewhere") }
    if steps.contains(where: { if case .pause = $0 { true } else { false } }) {
      tags.append("Accounts.tokensExpired")
    }
    if !faults.faults.allSatisfy({ $0 == .none }) { tags.append("Accounts.faults") }
    if !failingAuthCalls.isEmpty { tags.append("Accounts.authNetworkErrors") }
    if !throttledAuthCalls.isEmpty { tags.append("Accounts.authThrottled") }
    if collection != .foodItem { tags.append("Accounts.\(CloudDevicesInput.collection(of: collection))") }
    return tags
  }
}
