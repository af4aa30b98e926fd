import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

extension CloudDevicesRun {
  /// The run's state while it runs.
  struct World<Model: DevicesRunModel, Cloud: SimulationCloud> {
    typealias Entity = Model.Entity
    let skews: [Int]
    let system: SystemLayers
    var devices: [any DeviceSyncUnderTest<Entity>]
    /// Device 0's local store while it is a guest (no account: nothing syncs).
    var guest: EntityStore<Entity>?
    var cloud: Cloud
    var online: [Bool]
    var offlineSinceComplete: [Bool]
    var hasDownloaded: [Bool]
    /// Per device, per slot: whether the device last heard of its document in the cloud.
    ///
    /// Per device, per slot: whether its document was in the cloud when the device last heard of
    /// it (downloaded it, or wrote it itself), as a listener's query results stand.
    ///
    /// A slot heard of that the cloud no longer holds is what the device's next download reports
    /// removed, once. The SDK keeps its cache on disk, so a restart keeps it.
    var heard: [[Bool]]
    /// Why the run cannot go on: a call got no answer and the device waits for ever.
    var hung: String?
    var elapsed = 0
    /// The next record's place in the run.
    var sequence = 0
    var record = CloudDevicesRun(Model.self)
    /// Each slot's document path, queue key and entity id.
    let paths: [DocumentPath], keys: [EntityKey], ids: [UUID]
    /// The revision of each document another client wrote broken, while no later write replaced it.
    var damaged: [DocumentPath: Int] = [:]
    /// The first document a device's upload landed at each slot, for `writeStale` (nil before one).
    var firstUploaded: [CloudDocument?]
    /// What each cloud document revision read as, read once.
    ///
    /// What each cloud document revision read as (`state`): a revision never changes, and reading
    /// every document at every pass through the schema reader was most of a run's time.
    var readings: [Int: SlotState] = [:]
    /// The cloud's slots as `cloudSlots` last read them, and the cloud's `changesLanded` then.
    ///
    /// NB: a pass reads the slots before, at its download and after; with no write between, they
    /// are the same, and looking each slot's path up twice was a fifth of F13's instructions.
    var lastCloudSlots: (changesLanded: Int, states: [SlotState])?

    init(_ input: CloudDevicesInput, _ system: SystemLayers, _ cloud: Cloud) {
      skews = input.scenario.skews
      self.system = system
      devices = skews.map { _ in
        system.deviceSync.makeSync(of: Entity.self, uid: CloudDevicesRun.uid, queue: Self.queue(system))
      }
      paths = record.paths
      keys = paths.map { EntityKey(entityId: $0.documentId, entityType: Entity.entityType) }
      ids = (0..<Model.slots).map(Model.id(ofSlot:))
      guest = input.signUp == nil ? nil : EntityStore()
      self.cloud = cloud
      online = skews.map { _ in true }
      offlineSinceComplete = skews.map { _ in false }
      hasDownloaded = skews.map { _ in false }
      heard = skews.map { _ in Array(repeating: false, count: Model.slots) }
      firstUploaded = paths.map { _ in nil }
    }

    func now(_ device: Int) -> Date { DevicesRun.date(clock(device)) }

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
      let held = ids.map { SlotState($0, in: guest, Model.self) }
      devices[0] = system.deviceSync.migrate(
        guest, uid: CloudDevicesRun.uid, queue: Self.queue(system), now: now(0))
      record.signUp = SignUp(step: step, sequence: nextSequence(), guest: held, after: local(0))
    }

    /// A step on device 0 while it is a guest: edits and deletions change its local store only,
    /// and a sync does nothing.
    ///
    /// False for a step of another device or after the sign-up.
    mutating func performAsGuest(_ step: DevicesScenario.Step) throws -> Bool {
      guard var store = guest else { return false }
      switch step {
      case .edit(0, let slot, let calories):
        var version = try Model.version(editing: slot, to: calories, uid: "")
        version.syncStatus = .synced
        store.edit(try Model.make(version), now: now(0))
      case .delete(0, let slot) where store.live[ids[slot]] != nil:
        store.delete(ids[slot], now: now(0))
      case .delete(0, _), .sync(0), .restart(0): break
      case .retention(0): for id in expired(in: store, at: now(0)) { store.delete(id, now: now(0)) }
      default: return false
      }
      guest = store
      return true
    }

    /// `step` as it acts on this run's entities: every slot names the one goal, and nobody deletes
    /// a goal (nil: the step does nothing).
    static func acting(_ step: DevicesScenario.Step) -> DevicesScenario.Step? {
      switch step {
      case .edit(let device, let slot, let calories):
        return .edit(device: device, slot: slot % Model.slots, calories: calories)
      case .delete(let device, let slot):
        return Model.isDeletable ? .delete(device: device, slot: slot % Model.slots) : nil
      case .corrupt(let slot, let damage): return .corrupt(slot: slot % Model.slots, damage: damage)
      case .writeStale(let slot): return .writeStale(slot: slot % Model.slots)
      case .corruptLog: return nil  // a log run's
      default: return step
      }
    }

    mutating func perform(_ step: DevicesScenario.Step, _ index: Int) throws {
      guard let step = Self.acting(step) else { return }
      if try performAsGuest(step) { return }
      switch step {
      case .edit(let device, let slot, let calories):
        let made = try Model.make(Model.version(editing: slot, to: calories, uid: CloudDevicesRun.uid))
        let before = local(device, slot)
        let accepted = devices[device].edit(made, now: now(device))
        noteChange(device, slot, index, calories: calories, accepted: accepted, before: before)
      case .delete(let device, let slot):
        let before = local(device, slot)
        let accepted = devices[device].delete(ids[slot], now: now(device))
        noteChange(device, slot, index, calories: nil, accepted: accepted, before: before)
      case .sync(let device): pass(device, step: index)
      case .advance(let milliseconds): elapsed += milliseconds
      case .goOffline(let device):
        online[device] = false
        offlineSinceComplete[device] = true
        networkChanged(device, step: index)
      case .goOnline(let device):
        online[device] = true
        networkChanged(device, step: index)
      case .restart(let device):
        let queue = try CloudDevicesRun.restarted(
          devices[device].queue, system, "device \(device)'s queue", step: index)
        devices[device].restart(with: queue, now: now(device))
      case .corrupt(let slot, let damage):
        let (path, fields) = Model.damagedDocument(slot, damage, now: now(0))
        cloud.writeAsAnotherClient(CloudDocument(fields), at: path, now: now(0))
        damaged[path] = cloud.revision(at: path)
      case .writeStale(let slot):
        guard let document = firstUploaded[slot] else { return }
        cloud.writeAsAnotherClient(document, at: paths[slot], now: now(0))
      case .corruptLog: return
      case .retention(let device): retain(device, step: index)
      }
    }

    /// Tells `device` its network changed, and runs the pass it asks for (a guest syncs nothing).
    mutating func networkChanged(_ device: Int, step: Int) {
      guard device != 0 || guest == nil else { return }
      if devices[device].networkChanged(online: online[device], now: now(device)) { pass(device, step: step) }
    }

    mutating func noteChange(
      _ device: Int, _ slot: Int, _ step: Int, calories: Int?, accepted: Bool, before: SlotState
    ) {
      let (queued, newest) = queueState(device, slot)
      record.changes.append(
        Change(
          device: device, slot: slot, step: step, sequence: nextSequence(), at: clock(device),
          calories: calories, offline: !online[device], accepted: accepted, before: before,
          after: local(device, slot), queued: queued, queuedKind: newest?.kind, queuedAt: newest?.timestamp))
    }

    /// Whether `slot` has an upload queued on `device`, and its newest pending one.
    ///
    /// Whether `slot` has an upload queued on `device` (pending, in flight or failed, as
    /// `queued(_:)` counts them), and its newest pending one; one read of the queue.
    func queueState(_ device: Int, _ slot: Int) -> (queued: Bool, newestWaiting: SyncOperation?) {
      let queue = devices[device].queue, key = keys[slot]
      var newest: QueuedOperation?
      for waiting in queue.pending where waiting.operation.key == key {
        if newest.map({ $0.id < waiting.id }) ?? true { newest = waiting }
      }
      let queued =
        newest != nil || queue.inFlight?.operation.key == key
        || queue.failed.contains { $0.operation.key == key }
      return (queued, newest?.operation)
    }

    /// One pass of `device`: in the quiet spell it waits out backoffs on its clock, otherwise it
    /// ends at the first.
    mutating func pass(_ device: Int, step: Int?) {
      let before = local(device), queuedBefore = queued(device)
      let cloudBefore = cloudSlots()
      let skippedBefore = devices[device].skipped.count
      let sequence = nextSequence(), start = clock(device), wasOnline = online[device]
      var downloaded: [(slot: Int, revision: Int, state: SlotState)]?
      var afterDownload: [SlotState]?
      var cloudAtDownload: [SlotState]?
      var foreign: [(path: DocumentPath, revision: Int)] = []
      var uploaded: [Int] = [], removed: [Int] = []
      var calls = 0, failedCalls = 0
      devices[device].startSync()
      loop: for _ in 0..<1_000 {
        cloud.online = online[device]
        switch devices[device].next(now: now(device), online: online[device]) {
        case .done: break loop
        case .wait(let until):
          guard step == nil else { break loop }
          let due = DevicesRun.milliseconds(until: until) - skews[device]
          elapsed = max(elapsed, due)
        case .download(let owner, let after):
          calls += 1
          let (answer, changes) = cloud.changes(
            in: Model.collection, of: owner, as: CloudDevicesRun.uid, after: after, now: now(device))
          guard let response = timed(answer, device, step: step) else { break loop }
          switch response.result {
          case .success:
            let cloudNow = cloudSlots()
            cloudAtDownload = cloudNow
            downloaded = []
            for change in changes {
              guard let slot = paths.firstIndex(of: change.path) else {
                foreign.append((change.path, change.revision))
                continue
              }
              downloaded?.append(
                (slot, change.revision, reading(change.document, slot, revision: change.revision)))
            }
            removed = removals(device, cloud: cloudNow, changes: changes)
            devices[device].downloaded(
              .success(changes), removed: removed.map { paths[$0] }, now: now(device))
            afterDownload = local(device)
          case .failure(let error):
            failedCalls += 1
            devices[device].downloaded(.failure(error), removed: [], now: now(device))
          }
        case .upload(let id, let path, let document):
          calls += 1
          guard
            let response = timed(
              cloud.set(document, at: path, as: CloudDevicesRun.uid, now: now(device)), device, step: step)
          else { break loop }
          if case .failure = response.result { failedCalls += 1 }
          if let slot = paths.firstIndex(of: path) {
            if case .success = response.result {
              uploaded.append(slot)
              heard[device][slot] = true
            }
            // Landed (a lost acknowledgement lands too): the first is what a stale write brings back.
            if firstUploaded[slot] == nil, response.landed {
              firstUploaded[slot] = document
            }
          }
          sent(id, at: path, response, by: device)
        case .delete(let id, let path):
          calls += 1
          guard
            let response = timed(
              cloud.delete(at: path, as: CloudDevicesRun.uid, now: now(device)), device, step: step)
          else { break loop }
          if case .failure = response.result { failedCalls += 1 }
          if let slot = paths.firstIndex(of: path), case .success = response.result {
            uploaded.append(slot)
            heard[device][slot] = false
          }
          sent(id, at: path, response, by: device)
        }
      }
      let first = downloaded != nil && !hasDownloaded[device]
      if downloaded != nil { hasDownloaded[device] = true }
      let pass = Pass(
        device: device, step: step, sequence: sequence, at: start, online: wasOnline,
        reconnected: wasOnline && offlineSinceComplete[device], calls: calls, failedCalls: failedCalls,
        before: before, after: local(device), cloudBefore: cloudBefore, cloudAfter: cloudSlots(),
        queuedBefore: queuedBefore, queuedAfter: queued(device), uploaded: uploaded, downloaded: downloaded,
        removed: removed,
        afterDownload: afterDownload, cloudAtDownload: cloudAtDownload,
        foreign: foreign,
        skipped: Array(devices[device].skipped.dropFirst(skippedBefore)), firstDownload: first)
      record.passes.append(pass)
      if pass.complete { offlineSinceComplete[device] = false }
    }

    /// Records an upload (a write or a deletion) of `device` at `path` and hands it its result.
    mutating func sent(
      _ id: OperationID, at path: DocumentPath, _ response: CloudFake.Response, by device: Int
    ) {
      if let slot = paths.firstIndex(of: path) {
        var failure: SyncError?
        if case .failure(let error) = response.result { failure = error }
        record.uploads.append(
          Upload(device: device, slot: slot, sequence: nextSequence(), at: clock(device), error: failure))
      }
      devices[device].uploaded(id, result: response.result, now: now(device))
    }

    /// Slots with an upload queued on `device`: pending, in flight, or failed.
    func queued(_ device: Int) -> [Int] {
      let queue = devices[device].queue
      var queued: [EntityKey] = []
      for operation in queue.pending { queued.append(operation.operation.key) }
      for operation in queue.failed { queued.append(operation.operation.key) }
      if let inFlight = queue.inFlight { queued.append(inFlight.operation.key) }
      // NB: loops, not `map`s and a `filter` over a range: in this generic world a debug build
      // looked up their types' metadata at every call (as in `local` and `cloudSlots`).
      var slots: [Int] = []
      var slot = 0
      while slot < Model.slots {
        if queued.contains(keys[slot]) { slots.append(slot) }
        slot += 1
      }
      return slots
    }

    /// A new device's empty queue, with the run's policy (and a restarted one's, loaded).
    static func queue(_ system: SystemLayers) -> any SyncQueueing {
      system.queue.makeQueue(capacity: 100, policy: CloudDevicesRun.policy)
    }

    /// What `device` holds of `slot`.
    func local(_ device: Int, _ slot: Int) -> SlotState {
      SlotState(ids[slot], in: devices[device].store, Model.self)
    }

    func local(_ device: Int) -> [SlotState] {
      let store = devices[device].store
      var states: [SlotState] = []
      states.reserveCapacity(Model.slots)
      var slot = 0
      while slot < Model.slots {
        states.append(SlotState(ids[slot], in: store, Model.self))
        slot += 1
      }
      return states
    }

    mutating func cloudSlots() -> [SlotState] {
      if let last = lastCloudSlots, last.changesLanded == cloud.changesLanded { return last.states }
      var states: [SlotState] = []
      states.reserveCapacity(Model.slots)
      var slot = 0
      while slot < Model.slots {
        let path = paths[slot]
        // A document and its revision land and go together (`CloudFake.land`).
        if let revision = cloud.revision(at: path), let document = cloud.document(at: path) {
          states.append(reading(document, slot, revision: revision))
        } else {
          states.append(.absent)
        }
        slot += 1
      }
      lastCloudSlots = (cloud.changesLanded, states)
      return states
    }

    /// `state`, remembered by revision.
    mutating func reading(_ document: CloudDocument, _ slot: Int, revision: Int) -> SlotState {
      if let known = readings[revision] { return known }
      let read = state(document, slot, revision: revision)
      readings[revision] = read
      return read
    }

    /// What `slot`'s cloud document (at `revision`) holds (`DevicesRunModel.state(of:at:damaged:)`).
    func state(_ document: CloudDocument, _ slot: Int, revision: Int) -> SlotState {
      let path = paths[slot]
      return Model.state(of: document.fields, at: path, damaged: revision == damaged[path])
    }
  }
}
