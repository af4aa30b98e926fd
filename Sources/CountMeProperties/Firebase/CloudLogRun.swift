import CloudFake
import CountMeCore
import Foundation
import Generators

/// Runs a `CloudDevicesInput` of daily logs (F21 through the cloud): each device an
/// implementation's `LogSyncUnderTest`, one `CloudFake` with the input's faults, and one day's log
/// that every device and the cloud hold, synced, at the start. An `edit` step of slot `s` adds food
/// item `s` (or changes its calories) in the device's log, a `delete` step removes it when the
/// device's log shows it; `sync`, `advance`, `goOffline`, `goOnline` and `restart` act as in
/// `CloudDevicesRun`. Then a quiet spell (faults stop, every device online, three rounds of passes
/// that wait out backoffs) and one more round, `settled`, to see that syncing has stopped.
///
/// NB: `corrupt` steps are left out here: a broken log document stays in the cloud until some
/// device has a change of the log to upload (seed 002 has no repair rule), so until one has, a
/// device that has not downloaded the log's last valid version cannot get it.
struct CloudLogRun {
  /// One food item a user added to the log (or changed in it), as the device holding it stamped it.
  struct Addition {
    let device: Int
    let item: Int
    let calories: Double
    /// The item's `lastModified` in the device's log once added.
    let stamp: Date
  }

  /// What one place holds of the log.
  enum LogView: CustomStringConvertible {
    case absent, deleted, unreadable
    case live(DailyLogArguments)

    /// Its food, by item slot (`CloudLogRun.item(of:)`), in the order held; nil when not live.
    var food: [FoodItemArguments]? {
      if case .live(let log) = self { return log.foodItems }
      return nil
    }

    /// "food 0 (120.0 kcal), food 2 (80.0 kcal)", "(empty)", "deleted".
    var description: String {
      switch self {
      case .absent: return "absent"
      case .deleted: return "deleted"
      case .unreadable: return "unreadable"
      case .live(let log):
        guard !log.foodItems.isEmpty else { return "(empty)" }
        return log.foodItems.map { "\(CloudLogRun.name(of: $0.id)) (\($0.calories) kcal)" }
          .joined(separator: ", ")
      }
    }
  }

  /// Every addition accepted, in step order.
  private(set) var additions: [Addition] = []
  /// The item slots removed from the log on some device.
  private(set) var removed: Set<Int> = []
  /// Each place's log once quiet (the cloud first, then the devices), and after one more round.
  private(set) var quiet: [LogView] = [], settled: [LogView] = []
  /// The cloud's writes in the last round.
  private(set) var settlingWrites = 0

  static let uid = CloudDevicesRun.uid
  /// The log's id and day (the run's start, a midnight in UTC).
  static let logID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xD1, 0x06))
  /// Seed 002's collections of food items and of daily logs.
  static let foodCollection = "foodItems", logCollection = "dailyLogs"
  static let logPath = DocumentPath(uid: uid, collection: logCollection, documentId: logID.uuidString)

  /// The id of food item `slot`.
  static func itemID(_ slot: Int) -> UUID { DevicesRun.id(slot) }

  /// The slot of food item `id`, or nil.
  static func item(of id: UUID) -> Int? { (0..<DevicesScenario.slots).first { itemID($0) == id } }

  /// "food 2".
  static func name(of id: UUID) -> String { item(of: id).map { "food \($0)" } ?? "food \(id)" }

  /// The log every place holds at the start: empty, with a goal, modified a day before the start.
  static func initialLog() throws -> DailyLog {
    try DailyLog(
      id: logID, date: DevicesRun.start, dailyGoal: 2_000, userId: uid,
      lastModified: DevicesRun.start.addingTimeInterval(-86_400), syncStatus: .synced)
  }

  /// Each place's name, the cloud first.
  var places: [String] { ["the cloud"] + (1..<quiet.count).map { "device \($0 - 1)" } }

  /// "the cloud: food 0 (120.0 kcal), device 0: (empty), …", once quiet.
  var views: String {
    zip(places, quiet).map { "\($0): \($1)" }.joined(separator: "; ")
  }

  static func run(_ input: CloudDevicesInput, _ system: any SystemUnderTest) throws -> CloudLogRun {
    var world = try World(input, system)
    for (index, step) in input.scenario.steps.enumerated() { try world.perform(step, index) }
    world.cloud.faultsEnabled = false
    world.online = world.online.map { _ in true }
    for _ in 0..<3 {
      for device in world.devices.indices { world.pass(device, waiting: true) }
    }
    world.record.quiet = world.views()
    let writes = world.writes
    for device in world.devices.indices { world.pass(device, waiting: true) }
    world.record.settled = world.views()
    world.record.settlingWrites = world.writes - writes
    return world.record
  }

  /// The run's state while it runs.
  private struct World {
    let skews: [Int]
    let system: any SystemUnderTest
    var devices: [any LogSyncUnderTest]
    var cloud: CloudFake
    var online: [Bool]
    var elapsed = 0
    /// The cloud writes the devices made.
    var writes = 0
    var record = CloudLogRun()

    init(_ input: CloudDevicesInput, _ system: any SystemUnderTest) throws {
      skews = input.scenario.skews
      self.system = system
      let log = try CloudLogRun.initialLog()
      devices = skews.map { _ in
        system.makeLogSync(
          uid: CloudLogRun.uid, logs: EntityStore(live: [log.id: log]), queues: Self.queues(system))
      }
      cloud = CloudFake(plan: input.faults, start: DevicesRun.start)
      let document = ModelSchemas.dailyLog.document(DailyLogArguments(log))
      cloud.writeAsAnotherClient(
        CloudDocument(document.dictionary), at: CloudLogRun.logPath, now: DevicesRun.start)
      online = skews.map { _ in true }
    }

    /// A queue for each collection, with the devices runs' policy.
    static func queues(_ system: any SystemUnderTest) -> [any SyncQueueing] {
      (0..<2).map { _ in system.makeQueue(capacity: 100, policy: CloudDevicesRun.policy) }
    }

    func now(_ device: Int) -> Date { DevicesRun.date(elapsed + skews[device]) }

    mutating func perform(_ step: DevicesScenario.Step, _ index: Int) throws {
      switch step {
      case .edit(let device, let slot, let calories):
        let item = try FoodItem(
          id: CloudLogRun.itemID(slot), name: "food \(slot)", calories: Double(calories),
          timestamp: DevicesRun.start, userId: CloudLogRun.uid, syncStatus: .pendingUpload)
        guard devices[device].addFood(item, toLog: CloudLogRun.logID, now: now(device)) else { return }
        guard
          let held = devices[device].logs.live[CloudLogRun.logID]?.foodItems.first(where: { $0.id == item.id }
          )
        else {
          throw Firebase.RunFailure(
            "device \(device) accepted food \(slot) at step \(index) but its log lacks it")
        }
        record.additions.append(
          Addition(device: device, item: slot, calories: held.calories, stamp: held.lastModified))
      case .delete(let device, let slot):
        // A user removes only what the device's log shows.
        let id = CloudLogRun.itemID(slot)
        guard devices[device].logs.live[CloudLogRun.logID]?.foodItems.contains(where: { $0.id == id }) == true
        else { return }
        if devices[device].removeFood(id, fromLog: CloudLogRun.logID, now: now(device)) {
          record.removed.insert(slot)
        }
      case .sync(let device): pass(device, waiting: false)
      case .advance(let milliseconds): elapsed += milliseconds
      case .goOffline(let device): online[device] = false
      case .goOnline(let device): online[device] = true
      case .restart(let device):
        var loaded: [any SyncQueueing] = []
        for (which, queue) in devices[device].queues.enumerated() {
          let bytes = system.persistQueue(queue)
          let (queue, corrupted) = system.loadQueue(bytes, capacity: 100, policy: CloudDevicesRun.policy)
          if let corrupted {
            throw Firebase.RunFailure(
              "device \(device)'s queue \(which), persisted at its restart at step \(index), did not load: \(corrupted)"
            )
          }
          loaded.append(queue)
        }
        devices[device].restart(with: loaded)
      case .corrupt: break  // see the type's note
      }
    }

    /// One pass of `device`: it ends at the first backoff, or (`waiting`, in the quiet spell) waits
    /// it out on the device's clock.
    mutating func pass(_ device: Int, waiting: Bool) {
      devices[device].startSync()
      loop: for _ in 0..<1_000 {
        cloud.online = online[device]
        switch devices[device].next(now: now(device), online: online[device]) {
        case .done: break loop
        case .wait(let until):
          guard waiting else { break loop }
          let due = DevicesRun.milliseconds(until: until) - skews[device]
          elapsed = max(elapsed, due)
        case .download(let after):
          let collection =
            devices[device].collection == .dailyLog ? CloudLogRun.logCollection : CloudLogRun.foodCollection
          let (response, changes) = cloud.changes(
            in: collection, as: CloudLogRun.uid, after: after, now: now(device))
          switch response.result {
          case .success: devices[device].downloaded(.success(changes))
          case .failure(let error): devices[device].downloaded(.failure(error))
          }
        case .upload(let id, let path, let document):
          let response = cloud.set(document, at: path, as: CloudLogRun.uid, now: now(device))
          if case .success = response.result { writes += 1 }
          devices[device].uploaded(id, result: response.result, now: now(device))
        }
      }
    }

    /// The cloud's log, read by the harness's schema, then each device's.
    func views() -> [LogView] {
      var views = [cloudView()]
      for device in devices {
        let logs = device.logs
        if let log = logs.live[CloudLogRun.logID] {
          views.append(.live(DailyLogArguments(log)))
        } else {
          views.append(logs.deleted[CloudLogRun.logID] == nil ? .absent : .deleted)
        }
      }
      return views
    }

    /// The cloud's log, read by the harness (never by CountMeCore's codec): its document's fields
    /// by the schema, and its food the documents of `foodItems` its `foodItemIds` name, each read
    /// by the food item's schema. A tombstone is deleted; fields that do not fit the schema, an
    /// `id` not the path's, or an id naming no live food item document, are unreadable.
    func cloudView() -> LogView {
      guard var fields = cloud.document(at: CloudLogRun.logPath)?.fields else { return .absent }
      if fields["deleted"] as? Bool == true { return .deleted }
      guard fields["id"] as? String == CloudLogRun.logID.uuidString,
        let listed = fields["foodItemIds"] as? [Any]
      else { return .unreadable }
      // The schema's lists are the items, which the log's document does not hold (`inDocument: false`).
      (fields["foodItems"], fields["exerciseItems"]) = ([Any](), [Any]())
      guard var log = ModelSchemas.dailyLog.arguments(reading: fields) else { return .unreadable }
      for id in listed {
        guard let id = id as? String,
          let item = cloud.document(
            at: DocumentPath(uid: CloudLogRun.uid, collection: CloudLogRun.foodCollection, documentId: id))?
            .fields,
          item["deleted"] as? Bool != true, let food = ModelSchemas.foodItem.arguments(reading: item)
        else { return .unreadable }
        log.foodItems.append(food)
      }
      return .live(log)
    }
  }
}
