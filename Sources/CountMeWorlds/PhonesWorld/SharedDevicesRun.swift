import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// Runs a `SharedDevicesScenario`: two launches of the system's shared phone, one auth service and one cloud.
///
/// Runs a `SharedDevicesScenario`: two launches of the system's `SharedDeviceUnderTest` of the
/// scenario's collection, one `AuthFake` answering their sign-ups and sign-ins, and one cloud
/// (`CloudFake`, or Firestore) under the recommended rules, with the scenario's faults.
///
/// A phone's cloud calls are made as the user its token signs in, as Firestore would take them; a call with
/// no token is refused unasked, as the rules refuse everyone signed out.
///
/// Then a quiet spell: faults stop, both phones come online; a phone still signed in syncs three
/// times (waiting out backoffs) and signs out, and on each phone every person whose data it keeps
/// signs in, in account order, syncs three times and signs out. The run records what each step
/// showed, every call, and every account deletion; F8, F11, F24, F25 and F31 judge. What
/// each person's cloud must hold at the end (`expected`) is worked out from the steps, by seed
/// 002's rules: the last edit wins, a deletion wins over any edit, a guest's data goes with the
/// next person who signs in on its phone (its deletions stay local).
package struct SharedDevicesRun {
  /// Whose entity an id names: a person of the pool, or a phone's guest.
  package enum Owner: Hashable, Comparable, CustomStringConvertible {
    case account(Int)
    /// Phone `device`'s guest, after `generation` sign-ins took its data: a guest's new item gets
    /// a new id, as one the last person took is theirs now.
    case guest(device: Int, generation: Int)

    var code: UInt8 {
      switch self {
      case .account(let a): return UInt8(a)
      case .guest(let d, _): return UInt8(AuthScenario.accounts + d)
      }
    }

    var generation: UInt8 {
      if case .guest(_, let generation) = self { return UInt8(generation) }
      return 0
    }

    /// Whether this is phone `device`'s guest, of any generation.
    package func isGuest(of device: Int) -> Bool {
      if case .guest(device, _) = self { return true }
      return false
    }

    package var description: String {
      switch self {
      case .account(let a): return "person \(a)"
      case .guest(let d, _): return "phone \(d)'s guest"
      }
    }
  }

  /// One cloud call a phone made.
  package struct Call {
    package enum Kind: CustomStringConvertible {
      case download(owner: String, collection: String)
      case upload(path: DocumentPath, userId: String?)
      case delete(path: DocumentPath)

      package var description: String {
        switch self {
        case .download(let owner, let collection): return "a read of users/\(owner)/\(collection)"
        case .upload(let path, _): return "a write of \(path)"
        case .delete(let path): return "a deletion of \(path)"
        }
      }
    }
    /// The step it was made in; nil in the quiet spell.
    package let step: Int?
    package let device: Int
    /// Who the phone said was signed in.
    package let signedIn: String?
    /// Who its token signed the call in as; nil when it had none.
    package let caller: String?
    package let kind: Kind
    /// True when the rules refused it.
    package let refused: Bool
    /// What a read brought: each document's id and `userId`.
    package let brought: [(documentId: String, userId: String?)]
  }

  /// A write a phone asks for.
  enum Write {
    case upload(path: DocumentPath, document: CloudDocument)
    case delete(path: DocumentPath)

    package var path: DocumentPath {
      switch self {
      case .upload(let path, _), .delete(let path): return path
      }
    }

    /// The call, its document's owner read from `ownerField` (`CloudSyncedEntity.ownerField`).
    func kind(ownerField: String) -> Call.Kind {
      switch self {
      case .upload(let path, let document):
        return .upload(path: path, userId: document.fields[ownerField] as? String)
      case .delete(let path): return .delete(path: path)
      }
    }
  }

  /// A pass a phone made online, signed in to an account deleted before it (F31): where it stood
  /// after, and whether it still keeps the account's data.
  package struct PassOfDeleted {
    package let step: Int?
    package let device: Int
    package let uid: String
    package let stateAfter: AuthState
    package let keeps: Bool
  }

  /// A person deleting their account on a phone (F31).
  package struct Deletion {
    package let step: Int
    package let device: Int
    package let uid: String
    /// Whether the phone took the request.
    package let started: Bool
    /// Whether the service had the account before, and no longer has it once the phone was done.
    let existedBefore: Bool
    let existsAfter: Bool
    /// Whether the phone was online.
    package let online: Bool
    /// Whether an answer of the auth service to the deletion told nothing: a network error, a throttle.
    let serviceUnreachable: Bool
    /// Whether any call the deletion made failed: the service's answers and the cloud's alike.
    let failedCall: Bool
    /// The phone started the deletion online, the service had the account, no call it made failed,
    /// and the account is still there: it gave up for nothing.
    package var gaveUp: Bool { started && online && existedBefore && existsAfter && !failedCall }
    /// A call of the deletion failed, and the phone stopped with the account still there.
    package var stoppedByAFailure: Bool { started && existedBefore && existsAfter && failedCall }
    /// The phone started the deletion offline, and the account is still there.
    package var stoppedOffline: Bool { started && !online && existsAfter }
    /// Whether the phone must have forgotten the account.
    ///
    /// This deletion deleted it, or the phone, online, asked to delete one deleted elsewhere and
    /// heard from the service (it says it has no such account; a network error tells nothing).
    package var mustForget: Bool { !existsAfter && (existedBefore || (online && !serviceUnreachable)) }
    /// What the phone showed and had queued for the person before.
    package let shownBefore: HeldEntities
    package let queuedBefore: [EntityKey]
    /// Where the phone stood after, and what it still held of the person.
    package let stateAfter: AuthState
    package let tokenAfter: String?
    package let storedAfter: AuthGrant?
    package let keptAfter: HeldEntities?
    package let queuedAfter: [EntityKey]?
    /// The error the phone showed, if any.
    package let shown: AuthError?
    /// The error the phone holds for the deletion once it was done with it (`deletionError`).
    package let errorAfter: AuthError?
    /// The auth service's refusal of the account's deletion (a network error aside), if it refused.
    package let refused: AuthError?
    /// The documents of the account the cloud held before the deletion and not after, when refused.
    package let lostWhenRefused: [DocumentPath]
  }

  /// What a phone showed after a step of it.
  package struct View {
    package let step: Int
    package let device: Int
    package let signedIn: String?
    package let visible: HeldEntities
    /// The owners of the operations the signed-in user has waiting on the phone.
    package let queuedOwners: [String?]
  }

  /// A person signing out, or signing in again on a phone that keeps their data.
  package struct Handover {
    package let step: Int
    package let device: Int
    package let uid: String
    /// What the phone showed and had queued for them just before they signed out.
    package let shownBefore: HeldEntities
    package let queuedBefore: [EntityKey]
    /// What it kept of them once signed out (`signOut`), or showed once they were back (`signIn`).
    package let after: HeldEntities?
    package let queuedAfter: [EntityKey]?
    /// True for a sign-in again.
    package let returning: Bool
    /// For a sign-in again, the guest's changes on the phone, which went with them (empty: none).
    package var guestChanges: [UUID: Expected] = [:]
  }

  /// What a person's cloud must hold of one of their entities.
  package enum Expected: Equatable, CustomStringConvertible {
    case live(calories: Double)
    /// Nothing live: a tombstone, or no document (a guest's deletion never leaves the phone).
    case deleted

    package var description: String {
      switch self {
      case .live(let calories): return "\(calories) kcal"
      case .deleted: return "deleted"
      }
    }
  }

  /// What a person's cloud holds of one document.
  package enum Held: Equatable, CustomStringConvertible {
    case absent
    case deleted(userId: String?)
    case live(calories: Double, userId: String)
    case unreadable

    package var description: String {
      switch self {
      case .absent: return "nothing"
      case .deleted: return "a tombstone"
      case .live(let calories, _): return "\(calories) kcal"
      case .unreadable: return "an unreadable document"
      }
    }
  }

  package var calls: [Call] = []
  package var views: [View] = []
  package var handovers: [Handover] = []
  /// Each person's uid, once the service made their account.
  package var uids: [Int: String] = [:]
  /// What each person's cloud must hold at the end, by entity id.
  package var expected: [Int: [UUID: Expected]] = [:]
  /// What each person's cloud holds at the end of every id a run can make.
  package var finalCloud: [Int: [UUID: Held]] = [:]
  /// Each person's query of another's entities at the end: true when the cloud refused it.
  package var crossQueries: [(caller: Int, owner: Int, refused: Bool)] = []
  /// Every account deletion a step asked for.
  package var deletions: [Deletion] = []
  /// The uids of the accounts deleted, in order, and whose each was.
  var deletedUids: [String] = []
  package var deletedAccounts: [String: Int] = [:]
  /// The people whose account deletion failed part way: their cloud may have lost documents.
  package var partlyDeleted: Set<Int> = []
  /// Every document left, once quiet, in any collection of a deleted account.
  package var leftovers: [DocumentPath] = []
  /// Every pass a phone made online, signed in to an account deleted before it.
  package var passesOfDeleted: [PassOfDeleted] = []
  /// A call a phone asked for where it had no business to (a pass asking to delete an account):
  /// the run stopped that pass or deletion there.
  package var strays: [String] = []

  /// The collection the phones sync (`SharedDevicesScenario.collection`'s, as seed 002's tree names it).
  package internal(set) var collection = "foodItems"
  /// How a report names one of its entities, before its slot: "food", "exercise", "meal", "log".
  package internal(set) var word = "food"
  /// Every collection of seed 002's tree under `users/{uid}/`: what an account deletion empties.
  static let everyCollection = ["profile", "dailyLogs", "foodItems", "exerciseItems", "customMeals"]
  /// The id of the document another client of each new account writes (in `otherClientsCollection`).
  static let otherClientsDocument = "00000000-0000-0000-0000-0000000e0001"
  static let queuePolicy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 10)

  /// The id of `owner`'s entity `slot`.
  package static func id(_ owner: Owner, _ slot: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, owner.generation, 0xAC, owner.code, UInt8(slot)))
  }

  /// How many generations of a guest's ids a run makes: one more than the sign-ins a drawn
  /// scenario holds (a file with more reuses the last).
  static let guestGenerations = 17

  /// Every id a run can make, in order.
  package static let allIds: [(owner: Owner, slot: Int, id: UUID)] = {
    let generations = 0..<guestGenerations
    let owners =
      (0..<AuthScenario.accounts).map(Owner.account)
      + (0..<SharedDevicesScenario.devices).flatMap { device in
        generations.map { Owner.guest(device: device, generation: $0) }
      }
    return owners.flatMap { owner in (0..<SharedDevicesScenario.slots).map { (owner, $0, id(owner, $0)) } }
  }()

  /// Every entity this run's collection can hold, in `allIds`' order: its owner, slot, id and document id.
  ///
  /// CountMe's models take `allIds`' ids; an app's entity is the one its description's `edited`
  /// makes for the entry's place in the list (`DevicesRunModel.phoneEntity`).
  package internal(set) var ids: [(owner: Owner, slot: Int, id: UUID, documentId: String)] =
    allIds.map { ($0.owner, $0.slot, $0.id, $0.id.uuidText) }

  /// The owner whose id space `id` is in; nil for an id no run makes.
  package func owner(of id: UUID) -> Owner? { ids.first { $0.id == id }?.owner }

  /// The id of `owner`'s entity `slot`.
  package func id(_ owner: Owner, _ slot: Int) -> UUID { ids[Self.index(owner, slot)].id }

  /// Where `owner`'s entity `slot` stands in `allIds` (and `ids`): accounts first, then each
  /// phone's guests by generation, each owner's slots in order.
  package static func index(_ owner: Owner, _ slot: Int) -> Int {
    let place: Int
    switch owner {
    case .account(let account): place = account
    case .guest(let device, let generation):
      place = AuthScenario.accounts + device * guestGenerations + generation
    }
    return place * SharedDevicesScenario.slots + slot
  }

  /// The person of `uid`, when the service made it.
  package func account(of uid: String?) -> Int? { uids.first { $0.value == uid }?.key }

  package static func run(_ scenario: SharedDevicesScenario, _ system: SystemLayers) throws
    -> SharedDevicesRun
  {
    try system.cloud.running(
      scenario.faults, fake: { run(scenario, system, on: &$0) }, firestore: { run(scenario, system, on: &$0) }
    )
  }

  /// The run of `scenario` through `cloud`, its phones syncing the scenario's collection.
  ///
  /// NB: a switch over the collections, not a call through an existential metatype, as
  /// `CloudDevicesRun.run` does, so that the world's generic code is specialised.
  package static func run<Cloud: SimulationCloud>(
    _ scenario: SharedDevicesScenario, _ system: SystemLayers, on cloud: inout Cloud
  ) -> SharedDevicesRun {
    switch scenario.collection {
    case .exerciseItem: return run(scenario, system, ExerciseItem.self, on: &cloud)
    case .customMeal: return run(scenario, system, CustomMeal.self, on: &cloud)
    case .dailyLog: return run(scenario, system, DailyLog.self, on: &cloud)
    default: return run(scenario, system, FoodItem.self, on: &cloud)
    }
  }

  static func run<Model: DevicesRunModel, Cloud: SimulationCloud>(
    _ scenario: SharedDevicesScenario, _ system: SystemLayers, _: Model.Type, on cloud: inout Cloud
  ) -> SharedDevicesRun {
    if Model.isAppCollection { cloud.admit(ownerOnly: Model.collection) }
    var world = SharedDevicesWorld<Model, Cloud>(
      system: system, cloud: cloud, failingAuthCalls: scenario.failingAuthCalls,
      throttledAuthCalls: scenario.throttledAuthCalls)
    defer { cloud = world.cloud }
    for (index, step) in scenario.steps.enumerated() {
      world.cloud.turn(device: step.device, step: index)
      world.perform(step, index)
    }
    world.quietSpell()
    world.finish()
    return world.record
  }
}

extension SharedDevicesRun: CloudWorldRun {}

extension SharedDevicesRun {
  /// The run of `scenario` syncing `Model`'s collection (an app's, `DescribedModel`), whatever the scenario names.
  package static func run<Model: DevicesRunModel>(
    _ scenario: SharedDevicesScenario, _ system: SystemLayers, _ model: Model.Type
  ) throws -> SharedDevicesRun {
    try system.cloud.running(
      scenario.faults, fake: { run(scenario, system, model, on: &$0) },
      firestore: { run(scenario, system, model, on: &$0) })
  }
}

/// A shared-phones run of an app's collection, as a story draws it.
struct AppPhonesRun<Model: DevicesRunModel>: CloudWorldRun {
  let record: SharedDevicesRun

  static func run<Cloud: SimulationCloud>(
    _ scenario: SharedDevicesScenario, _ system: SystemLayers, on cloud: inout Cloud
  ) -> AppPhonesRun {
    AppPhonesRun(record: SharedDevicesRun.run(scenario, system, Model.self, on: &cloud))
  }

  var finalState: [String] { record.finalState }
}

extension SharedDevicesRun {
  /// "step 4" or "the quiet spell".
  package static func when(_ step: Int?) -> String { step.map { "step \($0)" } ?? "the quiet spell" }
}
