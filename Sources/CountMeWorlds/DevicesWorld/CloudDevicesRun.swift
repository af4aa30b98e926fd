import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// Runs a `CloudDevicesInput`: an implementation's devices syncing one collection through one faulty cloud.
///
/// Runs a `CloudDevicesInput`: each device an implementation's `DeviceSyncUnderTest` of the input's
/// collection (food items, exercise items, custom meals, the goal or daily logs, without items) with
/// its own queue and clock, one cloud between them with the input's faults (`CloudFake`, or
/// Firestore when the run's `SystemLayers.cloud` says so), and the steps in order; then a quiet
/// spell in which faults stop, every device is online, and each syncs three times in turn, waiting
/// out its backoffs.
///
/// It records every pass, upload and local change (`CloudDevicesRecord`), which F12, F13, F15–F18, F29 and
/// F30 judge.
///
/// A `sync` step is one pass, which ends at its first backoff (the retry comes with a later pass);
/// an offline device's pass does nothing. The cloud sees a device's calls only while it is online.
package struct CloudDevicesRun {
  package internal(set) var passes: [Pass] = []
  package internal(set) var changes: [Change] = []
  package internal(set) var uploads: [Upload] = []
  /// Every call that got no answer, as the device's timeout ended it.
  package internal(set) var timeouts: [Timeout] = []
  /// Every retention a device ran, in step order (runs of daily logs only).
  package internal(set) var retentions: [RetentionPass] = []
  /// Device 0's sign-up, when the input has one and it came.
  package internal(set) var signUp: SignUp?
  /// The type of the entities the run syncs.
  package var entityType: EntityType { model.entityType }
  /// How reports name one of them: "food item", "exercise item", "custom meal", "goal".
  package var noun: String { model.noun }
  /// How many entities the slots name: four, or the user's one goal.
  package var slots: Int { model.slots }

  /// Each device's entities once quiet, by slot, and the cloud's.
  package internal(set) var finalDevices: [[SlotState]] = []
  package internal(set) var finalCloud: [SlotState] = []

  package static let uid = "uid-alice"
  /// Every device's retry policy: F29's and F30's oracles take its constants from here.
  package static let policy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 6)
  /// The entity types a run may sync; the first is the default.
  package static let entityTypes: [EntityType] = [
    .foodItem, .exerciseItem, .customMeal, .userGoal, .dailyLog,
  ]

  /// Each slot's document path, made once a run: `uuidString` formats with `snprintf`, and making
  /// paths at every use was a sixth of a run's time.
  let paths: [DocumentPath]

  /// The harness's model of the entities the run syncs.
  let model: any DevicesRunModel.Type

  init<Model: DevicesRunModel>(_: Model.Type) {
    model = Model.self
    paths = (0..<Model.slots).map {
      DocumentPath(uid: Self.uid, collection: Model.collection, documentId: Model.documentId(ofSlot: $0))
    }
  }

  /// `queue` as a restart finds it: persisted and loaded back through the implementation's own queue layer.
  ///
  /// `queue` as a restart at step `step` finds it: persisted and loaded back through the
  /// implementation's own `persistQueue`/`loadQueue`, with the devices runs' capacity and policy.
  ///
  /// - Throws: `RunFailure` naming `queue` (`named`) when the bytes do not load.
  static func restarted(
    _ queue: any SyncQueueing, _ system: SystemLayers, _ named: String, step: Int
  ) throws -> any SyncQueueing {
    let bytes = system.queue.persistQueue(queue)
    let (loaded, corrupted) = system.queue.loadQueue(bytes, capacity: 100, policy: policy)
    if let corrupted {
      throw RunFailure(
        "\(named), persisted at its restart at step \(step), did not load: \(corrupted)")
    }
    return loaded
  }

  /// The harness's model of entities of `type` (food items for a type no run syncs).
  static func model(of type: EntityType) -> any DevicesRunModel.Type {
    switch type {
    case .exerciseItem: return ExerciseItem.self
    case .customMeal: return CustomMeal.self
    case .userGoal: return UserGoal.self
    case .dailyLog: return DailyLog.self
    default: return FoodItem.self
    }
  }

  /// How reports name `slot`'s entity: "food item 2", or "the goal" (a run's one).
  package func name(_ slot: Int) -> String { slots == 1 ? "the \(noun)" : "\(noun) \(slot)" }

  /// Each place's `slot` once quiet, by name: the cloud, then each device.
  package func finalPlaces(_ slot: Int) -> [(name: String, state: SlotState)] {
    [("the cloud", finalCloud[slot])] + finalDevices.enumerated().map { ("device \($0)", $1[slot]) }
  }

  /// The path of `slot`'s document.
  package func path(_ slot: Int) -> DocumentPath { paths[slot] }

  /// What an `edit` step of `slot` to `calories` hands its device; nil when the collection's description refuses it.
  ///
  /// Nil only for an app's description whose `edited` refuses the value, when the run itself
  /// stopped at that step first.
  package func edited(_ slot: Int, calories: Int) -> EntityVersion? {
    try? model.version(editing: slot, to: calories, uid: Self.uid)
  }

  package static func run(_ input: CloudDevicesInput, _ system: SystemLayers) throws -> CloudDevicesRun {
    try system.cloud.running(
      input.faults, fake: { try run(input, system, on: &$0) }, firestore: { try run(input, system, on: &$0) })
  }

  /// The run of `input` syncing `Model`'s collection (an app's, `DescribedModel`), whatever the input names.
  package static func run<Model: DevicesRunModel>(
    _ input: CloudDevicesInput, _ system: SystemLayers, _ model: Model.Type
  ) throws -> CloudDevicesRun {
    try system.cloud.running(
      input.faults, fake: { try run(input, system, model, on: &$0) },
      firestore: { try run(input, system, model, on: &$0) })
  }

  /// The run of `input` through `cloud`, which holds the input's faults and no documents yet.
  ///
  /// NB: a switch over the types `model(of:)` names, not a call through its existential: opened at
  /// run time, the world's generic code ran unspecialised, looking up type metadata and casting at
  /// every step (an eighth of F13 in a release build).
  package static func run<Cloud: SimulationCloud>(
    _ input: CloudDevicesInput, _ system: SystemLayers, on cloud: inout Cloud
  ) throws -> CloudDevicesRun {
    switch input.entityType {
    case .exerciseItem: return try run(input, system, ExerciseItem.self, on: &cloud)
    case .customMeal: return try run(input, system, CustomMeal.self, on: &cloud)
    case .userGoal: return try run(input, system, UserGoal.self, on: &cloud)
    case .dailyLog: return try run(input, system, DailyLog.self, on: &cloud)
    default: return try run(input, system, FoodItem.self, on: &cloud)
    }
  }

  static func run<Model: DevicesRunModel, Cloud: SimulationCloud>(
    _ input: CloudDevicesInput, _ system: SystemLayers, _: Model.Type, on cloud: inout Cloud
  ) throws -> CloudDevicesRun {
    if Model.isAppCollection { cloud.admit(ownerOnly: Model.collection) }
    var world = World<Model, Cloud>(input, system, cloud)
    defer { cloud = world.cloud }
    for (index, step) in input.scenario.steps.enumerated() {
      world.cloud.turn(device: step.device, step: index)
      if index == input.signUp { world.signUp(at: index) }
      try world.perform(step, index)
      if let hung = world.hung { throw RunFailure(hung) }
    }
    if let signUp = input.signUp, signUp >= input.scenario.steps.count {
      world.signUp(at: input.scenario.steps.count)
    }
    world.cloud.faultsEnabled = false
    world.online = world.online.map { _ in true }
    for _ in 0..<3 {
      for device in world.devices.indices {
        world.cloud.turn(device: device, step: nil)
        world.pass(device, step: nil)
        if let hung = world.hung { throw RunFailure(hung) }
      }
    }
    world.record.finalDevices = world.devices.indices.map(world.local)
    world.record.finalCloud = world.cloudSlots()
    return world.record
  }
}

extension CloudDevicesRun: CloudWorldRun {}
