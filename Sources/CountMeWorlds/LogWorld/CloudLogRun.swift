import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// Runs a `CloudDevicesInput` of daily logs (F21 through the cloud): each device an
/// implementation's `LogSyncUnderTest`, one cloud with the input's faults (as `CloudDevicesRun`'s), and one day's log
/// that every device and the cloud hold, synced, at the start; with `newDevice`, the last device
/// starts as a new install instead (a phone the user signs in on for the first time: no log, no
/// items, a new device's cursors), and shows the log, and can change it, once it has downloaded it.
/// (With every device holding the log, the cloud's first document, a new device whose log cursor
/// started at 1 would pass.) Item slots 0 and 1 are food items,
/// 2 and 3 exercise items (`isExercise`). An `edit` step of slot `s` adds item `s` (or changes its
/// calories) in the device's log, a `delete` step removes it (and must be refused, changing
/// nothing, when the device's log does not show it: `remove(_:on:step:)`); with a `logStart`, the
/// log holds items at the start (`startWithItems`), or device 0 creates the log
/// (`createOnDevice`, `LogStart.created`); `sync`, `advance`, `goOffline`, `goOnline` and `restart` act as in `CloudDevicesRun`, and a
/// `corrupt` step of slot `s` has another client write item `s`'s document broken (as
/// `DevicesRunEntity.damagedDocument` breaks it), and a `corruptLog` step the log's own document
/// (`damagedLog`). Then a quiet spell (faults stop, every device online, three rounds of passes that
/// wait out backoffs) and one more round, `settled`, to see that syncing has stopped.
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
  package private(set) var additions: [Addition] = []
  /// The item slots removed from the log on some device.
  package private(set) var removed: Set<Int> = []
  /// Each place's log once quiet (the cloud first, then the devices), and after one more round.
  package private(set) var quiet: [LogView] = [], settled: [LogView] = []
  /// The item slots whose cloud document is unreadable once quiet; the cloud's log view leaves
  /// them out, wherever the log names them.
  package private(set) var unreadable: Set<Int> = []
  /// The cloud's writes in the last round.
  package private(set) var settlingWrites = 0
  /// The first time a device showed an item otherwise in its log than among its items (after a
  /// step, or a pass once the steps are done), said as "after step 4, device 1's log shows …".
  package var shownTwice: String?
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
  package static let logCollection = "dailyLogs"
  package static let logPath = DocumentPath(uid: uid, collection: logCollection, documentId: logID.uuidText)

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
  package static let startItems = [(slot: 0, calories: 250), (slot: 2, calories: 120)]

  /// The log every place holds at the start: empty, with a goal, modified a day before the start.
  package static func initialLog() throws -> DailyLog {
    try DailyLog(
      id: logID, date: DevicesRun.start, dailyGoal: 2_000, userId: uid,
      lastModified: DevicesRun.start.addingTimeInterval(-86_400), syncStatus: .synced)
  }

  /// The log's document as another client writes it broken by `damage` at `now`: the initial log's,
  /// `dailyGoal` text (`wrongType`) or negative (`brokenRule`), its `id` another log's (`wrongID`),
  /// or a tombstone with no deletion time (`brokenTombstone`).
  package static func damagedLog(_ damage: DevicesScenario.Damage, now: Date) throws -> [String: Any] {
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

  /// The run's state while it runs.
  package struct World<Cloud: SimulationCloud> {
    package let skews: [Int]
    package let system: SystemLayers
    package var devices: [any LogSyncUnderTest]
    package var cloud: Cloud
    package var online: [Bool]
    package var elapsed = 0
    /// The cloud writes the devices made.
    package var writes = 0
    /// The revision of each document another client broke (`corrupt`, `corruptLog`): unreadable
    /// while current (`isDamaged`).
    package var damaged: [DocumentPath: Int] = [:]
    /// The item documents read so far, by revision (`cloudItem`).
    package let readings = CloudReadings()
    package var record = CloudLogRun()
    /// Where the run is, for reports: "step 3", "quiet round 1", "the last round".
    package var moment = "the start"
    /// The legacy device (`CloudDevicesInput.LogStart.legacyDevice`), if any.
    package var legacy: Int?

    package init(_ input: CloudDevicesInput, _ system: SystemLayers, _ empty: Cloud) throws {
      skews = input.scenario.skews
      self.system = system
      let log = try CloudLogRun.initialLog()
      let newDevice = input.newDevice ? skews.count - 1 : nil
      let created = input.logStart == .created
      devices = skews.indices.map { device in
        system.logSync.makeLogSync(
          uid: CloudLogRun.uid,
          logs: device == newDevice || created ? EntityStore() : EntityStore(live: [log.id: log]),
          queues: Self.queues(system))
      }
      cloud = empty
      cloud.plan = FaultPlan()
      online = skews.map { _ in true }
      if created {
        try createOnDevice(log, skipping: newDevice)
      } else {
        let document = ModelSchemas.dailyLog.document(DailyLogArguments(log))
        cloud.writeAsAnotherClient(
          CloudDocument(document.dictionary), at: CloudLogRun.logPath, now: DevicesRun.start)
      }
      if input.logStart == .items || input.logStart == .legacyDevice {
        try startWithItems(legacy: input.logStart == .legacyDevice, skipping: newDevice)
      }
      // The plan's faults are the steps': the calls of the start have none.
      cloud.plan = FaultPlan(Array(repeating: .none, count: cloud.calls) + input.faults.faults)
    }

    /// `log` made on device 0 by its log sync (`createLog`, a log with no items yet), and a pass of
    /// every device (device 0 first) but `skipping` (a new install), with no faults: after it,
    /// each of them shows the log.
    ///
    /// - Throws: `RunFailure` when device 0 refuses the log, or a device does not show it.
    package mutating func createOnDevice(_ log: DailyLog, skipping newDevice: Int?) throws {
      guard devices[0].createLog(log, now: now(0)) else {
        throw RunFailure("device 0 refused to create the day's log, a new log with no items")
      }
      for device in devices.indices where device != newDevice { pass(device, waiting: true) }
      if let missing = devices.indices.first(where: {
        $0 != newDevice && devices[$0].logs.live[log.id] == nil
      }) {
        throw RunFailure(
          "device \(missing) does not show the log device 0 created, after every device synced with no faults"
        )
      }
    }

    /// `CloudLogRun.startItems` added on device 0, and a pass of every device (device 0 first)
    /// but `skipping` (a new install), with no faults; with `legacy`, the last device is then made
    /// again holding device 0's logs, the items inside the log, and empty item stores and cursors.
    package mutating func startWithItems(legacy: Bool, skipping newDevice: Int?) throws {
      for (slot, calories) in CloudLogRun.startItems {
        guard try add(slot, calories: calories, on: 0), let held = heldItem(slot, on: 0) else {
          throw RunFailure(
            "device 0 refused to add \(CloudLogRun.name(slot)) to the log at the start")
        }
        record.additions.append(Addition(device: 0, item: slot, calories: held.calories, stamp: held.stamp))
      }
      let last = devices.count - 1
      for device in devices.indices where device != newDevice && !(legacy && device == last) {
        pass(device, waiting: true)
      }
      guard legacy else { return }
      self.legacy = last
      devices[last] = system.logSync.makeLogSync(
        uid: CloudLogRun.uid, logs: devices[0].logs, queues: Self.queues(system))
    }

    /// A queue for each collection, with the devices runs' policy.
    package static func queues(_ system: SystemLayers) -> [any SyncQueueing] {
      (0..<3).map { _ in system.queue.makeQueue(capacity: 100, policy: CloudDevicesRun.policy) }
    }

    package func now(_ device: Int) -> Date { DevicesRun.date(elapsed + skews[device]) }

    package mutating func perform(_ step: DevicesScenario.Step, _ index: Int) throws {
      switch step {
      case .edit(let device, let slot, let calories):
        guard try add(slot, calories: calories, on: device) else { return }
        guard let held = heldItem(slot, on: device) else {
          throw RunFailure(
            "device \(device) accepted \(CloudLogRun.name(slot)) at step \(index) but its log lacks it")
        }
        record.additions.append(
          Addition(device: device, item: slot, calories: held.calories, stamp: held.stamp))
      case .delete(let device, let slot): try remove(slot, on: device, step: index)
      case .sync(let device): pass(device, waiting: false)
      case .advance(let milliseconds): elapsed += milliseconds
      case .goOffline(let device), .goOnline(let device):
        if case .goOnline = step { online[device] = true } else { online[device] = false }
        if devices[device].networkChanged(online: online[device], now: now(device)) {
          pass(device, waiting: false)
        }
      case .restart(let device):
        let loaded = try devices[device].queues.enumerated().map { which, queue in
          try CloudDevicesRun.restarted(queue, system, "device \(device)'s queue \(which)", step: index)
        }
        devices[device].restart(with: loaded, now: now(device))
      case .corrupt(let slot, let damage):
        let (path, fields) =
          CloudLogRun.isExercise(slot)
          ? ExerciseItem.damagedDocument(slot, damage, now: now(0))
          : FoodItem.damagedDocument(slot, damage, now: now(0))
        writeBroken(fields, at: path)
      case .corruptLog(let damage):
        writeBroken(try CloudLogRun.damagedLog(damage, now: now(0)), at: CloudLogRun.logPath)
      case .writeStale: return  // a run of single entities'
      }
    }

    /// Another client writes `fields`, broken, at `path`: the harness records its revision.
    package mutating func writeBroken(_ fields: [String: Any], at path: DocumentPath) {
      cloud.writeAsAnotherClient(CloudDocument(fields), at: path, now: now(0))
      damaged[path] = cloud.revision(at: path)
    }

    /// Whether the cloud's document at `path` is still the broken one another client wrote.
    package func isDamaged(_ path: DocumentPath) -> Bool {
      damaged[path] != nil && cloud.revision(at: path) == damaged[path]
    }

    /// Item `slot` at `calories` added to `device`'s log (or changed in it), made as the devices
    /// runs make an edit (`DevicesRunEntity.edited`): whether the device accepted it.
    package mutating func add(_ slot: Int, calories: Int, on device: Int) throws -> Bool {
      let (uid, at) = (CloudLogRun.uid, now(device))
      if CloudLogRun.isExercise(slot) {
        let item = try ExerciseItem.make(ExerciseItem.edited(slot, calories: calories, uid: uid))
        return devices[device].addExercise(item, toLog: CloudLogRun.logID, now: at)
      }
      let item = try FoodItem.make(FoodItem.edited(slot, calories: calories, uid: uid))
      return devices[device].addFood(item, toLog: CloudLogRun.logID, now: at)
    }

    /// Item `slot` removed from `device`'s log, as `removeFood` documents it: when the log shows
    /// it, the removal succeeds and the log shows it no more; when it does not (a user removes only
    /// what a log shows, but the call takes any id), the removal fails and changes nothing on the
    /// device (its stores and queues). (A removal that found the item by another id, refusing when the
    /// log held it alone, and one that succeeded for an item the log lacked, pass a step that
    /// removes only shown items and reads no answer.)
    package mutating func remove(_ slot: Int, on device: Int, step index: Int) throws {
      let shown = heldItem(slot, on: device) != nil
      let before = shown ? nil : DeviceState(devices[device])
      let (id, name) = (CloudLogRun.itemID(slot), CloudLogRun.name(slot))
      let removed =
        CloudLogRun.isExercise(slot)
        ? devices[device].removeExercise(id, fromLog: CloudLogRun.logID, now: now(device))
        : devices[device].removeFood(id, fromLog: CloudLogRun.logID, now: now(device))
      if let before {
        guard !removed, DeviceState(devices[device]) == before else {
          throw RunFailure(
            "device \(device)'s log does not show \(name), yet removing it at step \(index) "
              + (removed ? "succeeded" : "failed but changed the device"))
        }
        return
      }
      guard removed else {
        throw RunFailure(
          "device \(device) refused at step \(index) to remove \(name), which its log shows")
      }
      guard heldItem(slot, on: device) == nil else {
        throw RunFailure(
          "device \(device) removed \(name) at step \(index) but its log still shows it")
      }
      record.removed.insert(slot)
    }

    /// What a device holds: its stores and its queues.
    package struct DeviceState: Equatable {
      package let logs: EntityStore<DailyLog>
      package let food: EntityStore<FoodItem>
      package let exercise: EntityStore<ExerciseItem>
      package let queues: [QueueSnapshot]

      package init(_ device: any LogSyncUnderTest) {
        (logs, food, exercise) = (device.logs, device.food, device.exercise)
        queues = device.queues.map { $0.snapshot() }
      }
    }

    /// Item `slot` as `device`'s log holds it, in its kind's list: its calories and its stamp.
    package func heldItem(_ slot: Int, on device: Int) -> (calories: Double, stamp: Date)? {
      guard let log = devices[device].logs.live[CloudLogRun.logID] else { return nil }
      let id = CloudLogRun.itemID(slot)
      if CloudLogRun.isExercise(slot) {
        return log.exerciseItems.first { $0.id == id }.map { ($0.caloriesBurned, $0.lastModified) }
      }
      return log.foodItems.first { $0.id == id }.map { ($0.calories, $0.lastModified) }
    }

    /// One pass of `device`: it ends at the first backoff, or (`waiting`, in the quiet spell) waits
    /// it out on the device's clock.
    package mutating func pass(_ device: Int, waiting: Bool) {
      devices[device].startSync()
      var readLog = false
      loop: for _ in 0..<1_000 {
        cloud.online = online[device]
        switch devices[device].next(now: now(device), online: online[device]) {
        case .done: break loop
        case .wait(let until):
          guard waiting else { break loop }
          let due = DevicesRun.milliseconds(until: until) - skews[device]
          elapsed = max(elapsed, due)
        case .download(let owner, let after):
          let collection = CloudDevicesInput.collection(of: devices[device].collection)
          let (response, changes) = cloud.changes(
            in: collection, of: owner, as: CloudLogRun.uid, after: after, now: now(device))
          if collection == CloudLogRun.logCollection, case .success = response.result { readLog = true }
          devices[device].downloaded(response.result.map { changes }, now: now(device))
        case .upload(let id, let path, let document):
          let response = cloud.set(document, at: path, as: CloudLogRun.uid, now: now(device))
          if case .success = response.result { writes += 1 }
          if path == CloudLogRun.logPath && response.landed { noteMissingItem(by: device) }
          devices[device].uploaded(id, result: response.result, now: now(device))
        case .delete(let id, let path):
          let response = cloud.delete(at: path, as: CloudLogRun.uid, now: now(device))
          if case .success = response.result { writes += 1 }
          devices[device].uploaded(id, result: response.result, now: now(device))
        }
      }
      if readLog, let logs = devices[device].queues.last, logs.pending.isEmpty, logs.inFlight == nil,
        logs.failed.isEmpty
      {
        noteNamesDeleted(after: device)
      }
    }

  }
}

extension CloudLogRun: CloudWorldRun {}
