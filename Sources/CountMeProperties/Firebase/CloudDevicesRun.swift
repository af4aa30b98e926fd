import CloudFake
import CountMeCore
import Foundation
import Generators

/// Runs a `CloudDevicesInput`: each device an implementation's `DeviceSyncUnderTest` with its own
/// queue and clock, one `CloudFake` between them with the input's faults, and the steps in order;
/// then a quiet spell in which faults stop, every device is online, and each syncs three times in
/// turn, waiting out its backoffs. It records every pass, upload and local change
/// (`CloudDevicesRecord`), which F12, F13, F15–F18, F29 and F30 judge.
///
/// A `sync` step is one pass, which ends at its first backoff (the retry comes with a later pass);
/// an offline device's pass does nothing. The cloud sees a device's calls only while it is online.
struct CloudDevicesRun {
  private(set) var passes: [Pass] = []
  private(set) var changes: [Change] = []
  private(set) var uploads: [Upload] = []
  /// Device 0's sign-up, when the input has one and it came.
  private(set) var signUp: SignUp?

  /// Each device's food items once quiet, by slot, and the cloud's.
  private(set) var finalDevices: [[SlotState]] = []
  private(set) var finalCloud: [SlotState] = []

  static let uid = "uid-alice"
  /// Every device's retry policy: F29's and F30's oracles take its constants from here.
  static let policy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 6)
  static let collection = EntityType.foodItem.collection

  /// Each slot's document path and queue key, made once: `uuidString` formats with `snprintf`, and
  /// making them at every use was a sixth of a run's time.
  private static let paths = (0..<DevicesScenario.slots).map {
    DocumentPath(uid: uid, collection: collection, documentId: DevicesRun.id($0).uuidString)
  }
  private static let keys = (0..<DevicesScenario.slots).map {
    EntityKey(entityId: DevicesRun.id($0).uuidString, entityType: .foodItem)
  }

  /// The path of food item `slot`'s document.
  static func path(_ slot: Int) -> DocumentPath { paths[slot] }

  /// The slot of `path`'s document; nil for another document.
  static func slot(of path: DocumentPath) -> Int? { paths.firstIndex(of: path) }

  /// The food item an `edit` step of `slot` to `calories` hands its device.
  static func edited(_ slot: Int, calories: Int) -> FoodItemArguments {
    var item = FoodItemArguments()
    (item.id, item.name, item.calories) = (DevicesRun.id(slot), "item \(slot)", Double(calories))
    (item.timestamp, item.userId, item.syncStatus) = (DevicesRun.start, uid, .pendingUpload)
    return item
  }

  static func run(_ input: CloudDevicesInput, _ system: any SystemUnderTest) throws -> CloudDevicesRun {
    var world = World(input, system)
    for (index, step) in input.scenario.steps.enumerated() {
      if index == input.signUp { world.signUp(at: index) }
      try world.perform(step, index)
    }
    if let signUp = input.signUp, signUp >= input.scenario.steps.count {
      world.signUp(at: input.scenario.steps.count)
    }
    world.cloud.faultsEnabled = false
    world.online = world.online.map { _ in true }
    for _ in 0..<3 {
      for device in world.devices.indices { world.pass(device, step: nil) }
    }
    world.record.finalDevices = world.devices.indices.map(world.local)
    world.record.finalCloud = world.cloudSlots()
    return world.record
  }

  /// The run's state while it runs.
  private struct World {
    let skews: [Int]
    let system: any SystemUnderTest
    var devices: [any DeviceSyncUnderTest]
    /// Device 0's local store while it is a guest (no account: nothing syncs).
    var guest: EntityStore<FoodItem>?
    var cloud: CloudFake
    var online: [Bool]
    var offlineSinceComplete: [Bool]
    var hasDownloaded: [Bool]
    var elapsed = 0
    /// The next record's place in the run.
    var sequence = 0
    var record = CloudDevicesRun()
    /// The revision of each document another client wrote broken, while no later write replaced it.
    var damaged: [DocumentPath: Int] = [:]
    /// What each cloud document revision read as (`state`): a revision never changes, and reading
    /// every document at every pass through the schema reader was most of a run's time.
    var readings: [Int: SlotState] = [:]

    init(_ input: CloudDevicesInput, _ system: any SystemUnderTest) {
      skews = input.scenario.skews
      self.system = system
      devices = skews.map { _ in
        system.makeFoodItemSync(
          uid: CloudDevicesRun.uid, queue: Self.queue(system))
      }
      guest = input.signUp == nil ? nil : EntityStore()
      cloud = CloudFake(plan: input.faults, start: DevicesRun.start)
      online = skews.map { _ in true }
      offlineSinceComplete = skews.map { _ in false }
      hasDownloaded = skews.map { _ in false }
    }

    func now(_ device: Int) -> Date {
      DevicesRun.start.addingTimeInterval(Double(clock(device)) / 1_000)
    }

    /// `device`'s clock, in milliseconds after the start.
    func clock(_ device: Int) -> Int { elapsed + skews[device] }

    mutating func nextSequence() -> Int {
      sequence += 1
      return sequence
    }

    /// Device 0 creates the account: its guest data migrates.
    mutating func signUp(at step: Int) {
      guard let guest else { return }
      self.guest = nil
      let held = (0..<DevicesScenario.slots).map { SlotState(DevicesRun.id($0), in: guest) }
      devices[0] = system.migrateFoodItems(
        uid: CloudDevicesRun.uid, queue: Self.queue(system),
        guest: guest)
      record.signUp = SignUp(step: step, sequence: nextSequence(), guest: held, after: local(0))
    }

    /// A step on device 0 while it is a guest: edits and deletions change its local store only,
    /// and a sync does nothing. False for a step of another device or after the sign-up.
    mutating func performAsGuest(_ step: DevicesScenario.Step) throws -> Bool {
      guard var store = guest else { return false }
      switch step {
      case .edit(0, let slot, let calories):
        var item = CloudDevicesRun.edited(slot, calories: calories)
        (item.userId, item.syncStatus) = ("", .synced)
        store.edit(try item.construct(), now: now(0))
      case .delete(0, let slot) where store.live[DevicesRun.id(slot)] != nil:
        store.delete(DevicesRun.id(slot), now: now(0))
      case .delete(0, _), .sync(0): break
      default: return false
      }
      guest = store
      return true
    }

    mutating func perform(_ step: DevicesScenario.Step, _ index: Int) throws {
      if try performAsGuest(step) { return }
      switch step {
      case .edit(let device, let slot, let calories):
        let made = try CloudDevicesRun.edited(slot, calories: calories).construct()
        let before = local(device, slot)
        let accepted = devices[device].edit(made, now: now(device))
        noteChange(device, slot, index, calories: calories, accepted: accepted, before: before)
      case .delete(let device, let slot):
        let before = local(device, slot)
        let accepted = devices[device].delete(DevicesRun.id(slot), now: now(device))
        noteChange(device, slot, index, calories: nil, accepted: accepted, before: before)
      case .sync(let device): pass(device, step: index)
      case .advance(let milliseconds): elapsed += milliseconds
      case .goOffline(let device):
        online[device] = false
        offlineSinceComplete[device] = true
      case .goOnline(let device): online[device] = true
      case .corrupt(let slot, let damage):
        let path = CloudDevicesRun.path(slot)
        cloud.writeAsAnotherClient(
          CloudDocument(Self.damaged(slot, damage, now: now(0))), at: path, now: now(0))
        damaged[path] = cloud.revisions[path]
      }
    }

    mutating func noteChange(
      _ device: Int, _ slot: Int, _ step: Int, calories: Int?, accepted: Bool, before: SlotState
    ) {
      let (queued, queuedKind) = queueState(device, slot)
      record.changes.append(
        Change(
          device: device, slot: slot, step: step, sequence: nextSequence(), at: clock(device),
          calories: calories, offline: !online[device], accepted: accepted, before: before,
          after: local(device, slot), queued: queued, queuedKind: queuedKind))
    }

    /// Whether `slot` has an upload queued on `device` (pending, in flight or failed, as
    /// `queued(_:)` counts them), and the kind of its newest pending one; one read of the queue.
    func queueState(_ device: Int, _ slot: Int) -> (queued: Bool, newestWaiting: SyncOperation.Kind?) {
      let queue = devices[device].queue, key = CloudDevicesRun.keys[slot]
      var newest: QueuedOperation?
      for waiting in queue.pending where waiting.operation.key == key {
        if newest.map({ $0.id < waiting.id }) ?? true { newest = waiting }
      }
      let queued =
        newest != nil || queue.inFlight?.operation.key == key
        || queue.failed.contains { $0.operation.key == key }
      return (queued, newest?.operation.kind)
    }

    /// One pass of `device`: in the quiet spell it waits out backoffs on its clock, otherwise it
    /// ends at the first.
    mutating func pass(_ device: Int, step: Int?) {
      let before = local(device), queuedBefore = queued(device)
      let cloudBefore = cloudSlots()
      let skippedBefore = devices[device].skipped.count
      let sequence = nextSequence(), start = clock(device), wasOnline = online[device]
      var downloaded: [(slot: Int, revision: Int, state: SlotState)]?
      var uploaded: [Int] = []
      var calls = 0, failedCalls = 0
      devices[device].startSync()
      loop: for _ in 0..<1_000 {
        cloud.online = online[device]
        switch devices[device].next(now: now(device), online: online[device]) {
        case .done: break loop
        case .wait(let until):
          guard step == nil else { break loop }
          let due = Int((until.timeIntervalSince(DevicesRun.start) * 1_000).rounded(.up)) - skews[device]
          elapsed = max(elapsed, due)
        case .download(let after):
          calls += 1
          let (response, changes) = cloud.changes(
            in: CloudDevicesRun.collection, as: CloudDevicesRun.uid, after: after, now: now(device))
          switch response.result {
          case .success:
            downloaded = changes.compactMap { change in
              CloudDevicesRun.slot(of: change.path).map {
                ($0, change.revision, reading(change.document, $0, revision: change.revision))
              }
            }
            devices[device].downloaded(.success(changes))
          case .failure(let error):
            failedCalls += 1
            devices[device].downloaded(.failure(error))
          }
        case .upload(let id, let path, let document):
          calls += 1
          let response = cloud.set(document, at: path, as: CloudDevicesRun.uid, now: now(device))
          var failure: SyncError?
          if case .failure(let error) = response.result {
            failure = error
            failedCalls += 1
          }
          if let slot = CloudDevicesRun.slot(of: path) {
            if failure == nil { uploaded.append(slot) }
            record.uploads.append(
              Upload(device: device, slot: slot, sequence: nextSequence(), at: clock(device), error: failure))
          }
          devices[device].uploaded(id, result: response.result, now: now(device))
        }
      }
      let first = downloaded != nil && !hasDownloaded[device]
      if downloaded != nil { hasDownloaded[device] = true }
      let pass = Pass(
        device: device, step: step, sequence: sequence, at: start, online: wasOnline,
        reconnected: wasOnline && offlineSinceComplete[device], calls: calls, failedCalls: failedCalls,
        before: before, after: local(device), cloudBefore: cloudBefore, cloudAfter: cloudSlots(),
        queuedBefore: queuedBefore, queuedAfter: queued(device), uploaded: uploaded, downloaded: downloaded,
        skipped: Array(devices[device].skipped.dropFirst(skippedBefore)), firstDownload: first)
      record.passes.append(pass)
      if pass.complete { offlineSinceComplete[device] = false }
    }

    /// Slots with an upload queued on `device`: pending, in flight, or failed.
    func queued(_ device: Int) -> [Int] {
      let queue = devices[device].queue
      let keys =
        queue.pending.map(\.operation.key) + queue.failed.map(\.operation.key)
        + (queue.inFlight.map { [$0.operation.key] } ?? [])
      return (0..<DevicesScenario.slots).filter { keys.contains(CloudDevicesRun.keys[$0]) }
    }

    /// A new device's empty queue, with the run's policy.
    static func queue(_ system: any SystemUnderTest) -> any SyncQueueing {
      system.makeQueue(capacity: 100, policy: CloudDevicesRun.policy)
    }

    /// What `device` holds of food item `slot`.
    func local(_ device: Int, _ slot: Int) -> SlotState {
      SlotState(DevicesRun.id(slot), in: devices[device].store)
    }

    func local(_ device: Int) -> [SlotState] {
      let store = devices[device].store
      return (0..<DevicesScenario.slots).map { SlotState(DevicesRun.id($0), in: store) }
    }

    mutating func cloudSlots() -> [SlotState] {
      (0..<DevicesScenario.slots).map { slot in
        let path = CloudDevicesRun.path(slot)
        // A document and its revision land and go together (`CloudFake.land`).
        guard let document = cloud.document(at: path), let revision = cloud.revisions[path] else {
          return .absent
        }
        return reading(document, slot, revision: revision)
      }
    }

    /// `state`, remembered by revision.
    mutating func reading(_ document: CloudDocument, _ slot: Int, revision: Int) -> SlotState {
      if let known = readings[revision] { return known }
      let read = state(document, slot, revision: revision)
      readings[revision] = read
      return read
    }

    /// What food item `slot`'s cloud document (at `revision`) holds, read by the harness, never by
    /// CountMeCore's codec: unreadable when another client wrote it broken (the harness knows,
    /// having broken it), or when its `id` is not its path's, or when its fields do not fit the
    /// schema; deleted for a tombstone (`deleted: true` and a `deletedAt` timestamp); otherwise the
    /// food item its fields hold (`ModelSchema.arguments(reading:)`).
    func state(_ document: CloudDocument, _ slot: Int, revision: Int) -> SlotState {
      let path = CloudDevicesRun.path(slot), fields = document.fields
      guard revision != damaged[path], fields["id"] as? String == path.documentId else { return .unreadable }
      if fields["deleted"] as? Bool == true {
        return fields["deletedAt"] is Timestamp ? .deleted : .unreadable
      }
      return ModelSchemas.foodItem.arguments(reading: fields).map { .live($0) } ?? .unreadable
    }

    /// Another client's document for `slot`, broken by `damage`.
    static func damaged(_ slot: Int, _ damage: DevicesScenario.Damage, now: Date) -> [String: Any] {
      let id = DevicesRun.id(slot).uuidString
      var fields: [String: Any] = [
        "id": id, "name": "item \(slot)", "calories": 100.0,
        "timestamp": FirestoreTime.stamp(DevicesRun.start),
        "source": "manual", "userId": CloudDevicesRun.uid, "lastModified": FirestoreTime.stamp(now),
        "syncStatus": "synced",
      ]
      switch damage {
      case .wrongType: fields["calories"] = "100"
      case .brokenRule: fields["calories"] = -5.0
      case .wrongID: fields["id"] = DevicesRun.id((slot + 1) % DevicesScenario.slots).uuidString
      case .brokenTombstone: fields = ["id": id, "userId": CloudDevicesRun.uid, "deleted": true]
      }
      return fields
    }
  }
}
