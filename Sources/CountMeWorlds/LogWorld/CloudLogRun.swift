import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// Runs a `CloudDevicesInput` of daily logs: an implementation's devices syncing one day's log.
///
/// Runs a `CloudDevicesInput` of daily logs (F21 through the cloud): each device an
/// implementation's `LogSyncUnderTest`, one cloud with the input's faults (as `CloudDevicesRun`'s), and one day's log
/// that every device and the cloud hold, synced, at the start; with `newDevice`, the last device
/// starts as a new install instead (a phone the user signs in on for the first time: no log, no
/// items, a new device's cursors), and shows the log, and can change it, once it has downloaded it.
///
/// (With every device holding the log, the cloud's first document, a new device whose log cursor started at 1
/// would pass.) Item slots 0 and 1 are food items, 2 and 3 exercise items (`isExercise`). An `edit` step of
/// slot `s` adds item `s` (or changes its calories) in the device's log, a `delete` step removes it (and must
/// be refused, changing nothing, when the device's log does not show it: `remove(_:on:step:)`); with a
/// `logStart`, the log holds items at the start (`startWithItems`), or device 0 creates the log
/// (`createOnDevice`, `LogStart.created`); `sync`, `advance`, `goOffline`, `goOnline` and `restart` act as in
/// `CloudDevicesRun`, and a `corrupt` step of slot `s` has another client write item `s`'s document broken
/// (as `DevicesRunEntity.damagedDocument` breaks it), and a `corruptLog` step the log's own document
/// (`damagedLog`). Then a quiet spell (faults stop, every device online, three rounds of passes that wait out
/// backoffs) and one more round, `settled`, to see that syncing has stopped.
package struct CloudLogRun {
  /// One item a user added to the log (or changed in it), as the device holding it stamped it.
  package struct Addition {
    package let device: Int
    package let item: Int
    package let calories: Double
    /// The item's `lastModified` in the device's log once added.
    package let stamp: Date
  }

  /// What one place holds of the log.
  package enum LogView: CustomStringConvertible {
    case absent, deleted, unreadable
    case live(DailyLogArguments)

    /// Its items, the food then the exercise, each in the order held; nil when not live.
    package var items: [HeldItem]? {
      guard case .live(let log) = self else { return nil }
      return log.foodItems.map { HeldItem(id: $0.id, calories: $0.calories, isExercise: false) }
        + log.exerciseItems.map { HeldItem(id: $0.id, calories: $0.caloriesBurned, isExercise: true) }
    }

    package var isUnreadable: Bool { if case .unreadable = self { true } else { false } }

    /// "food 0 (120.0 kcal), exercise 2 (80.0 kcal)", "(empty)", "deleted".
    package var description: String {
      switch self {
      case .absent: return "absent"
      case .deleted: return "deleted"
      case .unreadable: return "unreadable"
      case .live:
        guard let items, !items.isEmpty else { return "(empty)" }
        return items.map { "\(CloudLogRun.name(of: $0.id, exercise: $0.isExercise)) (\($0.calories) kcal)" }
          .joined(separator: ", ")
      }
    }
  }

  /// An item as a log holds it: its id, its calories (eaten or burned), and which list holds it.
  package struct HeldItem {
    package let id: UUID
    package let calories: Double
    package let isExercise: Bool
  }

  /// Every addition accepted, in step order.
  package internal(set) var additions: [Addition] = []
  /// The item slots removed from the log on some device.
  package internal(set) var removed: Set<Int> = []
  /// Each place's log once quiet (the cloud first, then the devices), and after one more round.
  package internal(set) var quiet: [LogView] = [], settled: [LogView] = []
  /// The item slots whose cloud document is unreadable once quiet; the cloud's log view leaves
  /// them out, wherever the log names them.
  package internal(set) var unreadable: Set<Int> = []
  /// The cloud's writes in the last round.
  package internal(set) var settlingWrites = 0
  /// The first time a device showed an item otherwise in its log than among its items.
  ///
  /// The first time a device showed an item otherwise in its log than among its items (after a
  /// step, or a pass once the steps are done), said as "after step 4, device 1's log shows …".
  package var shownTwice: String?
  /// The first time a device's write left the cloud's log naming an item the cloud does not hold.
  ///
  /// The first time a device's write of the log left the cloud's log naming an item whose own
  /// document the cloud does not hold (none, or a tombstone), said as "in step 3, device 1 wrote
  /// the log naming food 0, whose document the cloud holds none of", or a pass that read the log
  /// left it naming a deleted item (`noteNamesDeleted`).
  package var namesMissingItem: String?

  package static let uid = CloudDevicesRun.uid
  /// The log's id and day (the run's start, a midnight in UTC).
  package static let logID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xD1, 0x06))
  /// Seed 002's collection of daily logs (the items' are `FoodItem.collection` and
  /// `ExerciseItem.collection`, as `DevicesRunEntity` names them).
  static let logCollection = "dailyLogs"
  static let logPath = DocumentPath(uid: uid, collection: logCollection, documentId: logID.uuidText)

  /// The id of item `slot`.
  package static func itemID(_ slot: Int) -> UUID { DevicesRun.id(slot) }

  /// Whether item `slot` is an exercise item (slots 2 and 3) rather than a food item (0 and 1).
  package static func isExercise(_ slot: Int) -> Bool { slot >= DevicesScenario.slots / 2 }

  /// The slot of item `id`, or nil.
  package static func item(of id: UUID) -> Int? { (0..<DevicesScenario.slots).first { itemID($0) == id } }

  /// "food 1", "exercise 2": the kind is the list that holds it, `exercise` or not.
  package static func name(of id: UUID, exercise: Bool) -> String {
    "\(exercise ? "exercise" : "food") \(item(of: id).map(String.init) ?? id.uuidText)"
  }

  /// "food 1", "exercise 2": item `slot` by its kind.
  package static func name(_ slot: Int) -> String { name(of: itemID(slot), exercise: isExercise(slot)) }

  /// The items a run that starts with items (`CloudDevicesInput.LogStart`) adds at the start, and
  /// their calories: a food item and an exercise item.
  static let startItems = [(slot: 0, calories: 250), (slot: 2, calories: 120)]

  /// The log every place holds at the start: empty, with a goal, modified a day before the start.
  static func initialLog() throws -> DailyLog {
    try DailyLog(
      id: logID, date: DevicesRun.start, dailyGoal: 2_000, userId: uid,
      lastModified: DevicesRun.start.addingTimeInterval(-86_400), syncStatus: .synced)
  }

  /// The log's document as another client writes it broken by `damage` at `now`.
  ///
  /// The initial log's, `dailyGoal` text (`wrongType`) or negative (`brokenRule`), its `id` another log's
  /// (`wrongID`), or a tombstone with no deletion time (`brokenTombstone`).
  static func damagedLog(_ damage: DevicesScenario.Damage, now: Date) throws -> [String: Any] {
    var log = DailyLogArguments(try initialLog())
    log.lastModified = now
    var document = ModelSchemas.dailyLog.document(log)
    switch damage {
    case .wrongType: document["dailyGoal"] = .string("2000")
    case .brokenRule: document["dailyGoal"] = .double(-5)
    case .wrongID:
      document["id"] = .string(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xD1, 0x07)).uuidText)
    case .brokenTombstone: return ["id": logID.uuidText, "userId": uid, "deleted": true]
    }
    return document.dictionary
  }

  /// Each place's name, the cloud first.
  package var places: [String] { ["the cloud"] + (1..<quiet.count).map { "device \($0 - 1)" } }

  /// "the cloud: food 0 (120.0 kcal); device 0: (empty); …", once quiet.
  package var views: String {
    zip(places, quiet).map { "\($0): \($1)" }.joined(separator: "; ")
  }

  package static func run(_ input: CloudDevicesInput, _ system: SystemLayers) throws -> CloudLogRun {
    try system.cloud.running(
      FaultPlan(), fake: { try run(input, system, on: &$0) }, firestore: { try run(input, system, on: &$0) })
  }

  /// The run of `input` through `cloud`, which holds no documents yet.
  package static func run<Cloud: SimulationCloud>(
    _ input: CloudDevicesInput, _ system: SystemLayers, on cloud: inout Cloud
  ) throws -> CloudLogRun {
    var world = try World(input, system, cloud)
    defer { cloud = world.cloud }
    for (index, step) in input.scenario.steps.enumerated() {
      world.cloud.turn(device: step.device, step: index)
      let moment = "step \(index)"
      world.moment = moment
      try world.perform(step, index)
      // NB: only the device the step names can have changed (every device after the first step):
      // checking every device after every step was a fifteenth of F21.
      let touched = index == 0 ? world.devices.indices : step.device.map { $0..<($0 + 1) } ?? 0..<0
      world.noteItemShownTwice(after: moment, on: touched)
    }
    world.cloud.faultsEnabled = false
    world.online = world.online.map { _ in true }
    // The user retries what the cloud refused for good: the logs held back by it may then go up.
    for device in world.devices.indices { world.devices[device].retryFailed() }
    for round in 0..<3 {
      let moment = "quiet round \(round)"
      world.moment = moment
      for device in world.devices.indices {
        world.cloud.turn(device: device, step: nil)
        world.pass(device, waiting: true)
        world.noteItemShownTwice(after: "\(moment)'s pass of device \(device)", on: device..<(device + 1))
      }
    }
    world.record.quiet = world.views()
    world.record.unreadable = Set((0..<DevicesScenario.slots).filter { world.cloudItem($0) == .unreadable })
    let writes = world.writes
    world.moment = "the last round"
    for device in world.devices.indices {
      world.cloud.turn(device: device, step: nil)
      world.pass(device, waiting: true)
    }
    world.record.settled = world.views()
    world.record.settlingWrites = world.writes - writes
    return world.record
  }
}

extension CloudLogRun: CloudWorldRun {}
