import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

extension CloudLogRun {
  /// The run's state while it runs.
  struct World<Cloud: SimulationCloud> {
    let skews: [Int]
    let system: SystemLayers
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
    let readings = CloudReadings()
    var record = CloudLogRun()
    /// Where the run is, for reports: "step 3", "quiet round 1", "the last round".
    var moment = "the start"
    /// The legacy device (`CloudDevicesInput.LogStart.legacyDevice`), if any.
    var legacy: Int?

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

    /// `log` made on device 0 by its log sync, then a pass of every device.
    ///
    /// `log` made on device 0 by its log sync (`createLog`, a log with no items yet), and a pass of
    /// every device (device 0 first) but `skipping` (a new install), with no faults: after it,
    /// each of them shows the log.
    ///
    /// - Throws: `RunFailure` when device 0 refuses the log or says it created it again, or a device
    ///   does not show it.
    mutating func createOnDevice(_ log: DailyLog, skipping newDevice: Int?) throws {
      guard devices[0].createLog(log, now: now(0)) else {
        throw RunFailure("device 0 refused to create the day's log, a new log with no items")
      }
      guard !devices[0].createLog(log, now: now(0)) else {
        throw RunFailure("device 0 said it created the day's log a second time, a log it already holds")
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

    /// `CloudLogRun.startItems` added on device 0, then a pass of every device.
    ///
    /// `CloudLogRun.startItems` added on device 0, and a pass of every device (device 0 first)
    /// but `skipping` (a new install), with no faults; with `legacy`, the last device is then made
    /// again holding device 0's logs, the items inside the log, and empty item stores and cursors.
    mutating func startWithItems(legacy: Bool, skipping newDevice: Int?) throws {
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
    static func queues(_ system: SystemLayers) -> [any SyncQueueing] {
      (0..<3).map { _ in system.queue.makeQueue(capacity: 100, policy: CloudDevicesRun.policy) }
    }

    package func now(_ device: Int) -> Date { DevicesRun.date(elapsed + skews[device]) }

    mutating func perform(_ step: DevicesScenario.Step, _ index: Int) throws {
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
      case .writeStale, .retention: return  // a run of single entities'
      }
    }

    /// Another client writes `fields`, broken, at `path`: the harness records its revision.
    mutating func writeBroken(_ fields: [String: Any], at path: DocumentPath) {
      cloud.writeAsAnotherClient(CloudDocument(fields), at: path, now: now(0))
      damaged[path] = cloud.revision(at: path)
    }

    /// Whether the cloud's document at `path` is still the broken one another client wrote.
    func isDamaged(_ path: DocumentPath) -> Bool {
      damaged[path] != nil && cloud.revision(at: path) == damaged[path]
    }

    /// Item `slot` at `calories` added to `device`'s log, or changed in it.
    ///
    /// Item `slot` at `calories` added to `device`'s log (or changed in it), made as the devices
    /// runs make an edit (`DevicesRunEntity.edited`): whether the device accepted it.
    mutating func add(_ slot: Int, calories: Int, on device: Int) throws -> Bool {
      let (uid, at) = (CloudLogRun.uid, now(device))
      if CloudLogRun.isExercise(slot) {
        let item = try ExerciseItem.make(ExerciseItem.edited(slot, calories: calories, uid: uid))
        return devices[device].addExercise(item, toLog: CloudLogRun.logID, now: at)
      }
      let item = try FoodItem.make(FoodItem.edited(slot, calories: calories, uid: uid))
      return devices[device].addFood(item, toLog: CloudLogRun.logID, now: at)
    }

    /// Item `slot` removed from `device`'s log, as `removeFood` documents it.
    ///
    /// When the log shows it, the removal succeeds and the log shows it no more; when it does not (a user
    /// removes only what a log shows, but the call takes any id), the removal fails and changes nothing on
    /// the device (its stores and queues).
    ///
    /// (A removal that found the item by another id, refusing when the log held it alone, and one that
    /// succeeded for an item the log lacked, pass a step that removes only shown items and reads no answer.)
    mutating func remove(_ slot: Int, on device: Int, step index: Int) throws {
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
    struct DeviceState: Equatable {
      let logs: EntityStore<DailyLog>
      let food: EntityStore<FoodItem>
      let exercise: EntityStore<ExerciseItem>
      let queues: [QueueSnapshot]

      package init(_ device: any LogSyncUnderTest) {
        (logs, food, exercise) = (device.logs, device.food, device.exercise)
        queues = device.queues.map { $0.snapshot() }
      }
    }

    /// Item `slot` as `device`'s log holds it, in its kind's list: its calories and its stamp.
    func heldItem(_ slot: Int, on device: Int) -> (calories: Double, stamp: Date)? {
      guard let log = devices[device].logs.live[CloudLogRun.logID] else { return nil }
      let id = CloudLogRun.itemID(slot)
      if CloudLogRun.isExercise(slot) {
        return log.exerciseItems.first { $0.id == id }.map { ($0.caloriesBurned, $0.lastModified) }
      }
      return log.foodItems.first { $0.id == id }.map { ($0.calories, $0.lastModified) }
    }

    /// One pass of `device`: it ends at the first backoff, or (`waiting`, in the quiet spell) waits
    /// it out on the device's clock.
    mutating func pass(_ device: Int, waiting: Bool) {
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
