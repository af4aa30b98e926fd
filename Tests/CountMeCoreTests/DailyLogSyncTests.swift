import Foundation
import Testing

@testable import CountMeCore

@Suite("A device's daily logs sync with the food they name by id, and removed food stays removed")
struct DailyLogSyncTests {
  static let uid = "user-1"
  static let logID = Fixture.id

  /// The cloud as these tests need it: each document with the revision that last wrote it; every
  /// call succeeds unless `failing` says how many uploads fail next.
  struct Cloud {
    var documents: [String: (revision: Int, path: DocumentPath, document: CloudDocument)] = [:]
    var revision = 0
    var failing = 0
    /// How many uploads the cloud refuses for good next.
    var refusing = 0

    mutating func write(_ document: CloudDocument, at path: DocumentPath) {
      revision += 1
      documents[path.description] = (revision, path, document)
    }

    /// The fields of the cloud's log document, if it holds one.
    var logFields: [String: Any]? {
      documents.values.first { $0.path.collection == "dailyLogs" }?.document.fields
    }

    func changes(in collection: String, after: Int) -> [CloudChange] {
      documents.values.filter { $0.path.collection == collection && $0.revision > after }
        .sorted { $0.revision < $1.revision }
        .map { CloudChange(revision: $0.revision, path: $0.path, document: $0.document) }
    }

    /// One pass of `device` at `now`, ending at its first backoff; the collections it read.
    @discardableResult
    mutating func pass(_ device: inout DailyLogSync, now: Date) -> [EntityType] {
      var read: [EntityType] = []
      device.startSync()
      for _ in 0..<100 {
        switch device.next(now: now, online: true) {
        case .done, .wait: return read
        case .download(_, let after):
          read.append(device.collection)
          device.downloaded(.success(changes(in: device.collection.collection, after: after)))
        case .upload(let id, let path, let document):
          if refusing > 0 {
            refusing -= 1
            device.uploaded(id, result: .failure(.invalidArgument(reason: "refused")), now: now)
          } else if failing > 0 {
            failing -= 1
            device.uploaded(id, result: .failure(.cloudUnavailable), now: now)
          } else {
            write(document, at: path)
            device.uploaded(id, result: .success(()), now: now)
          }
        case .delete(let id, _):
          Issue.record("CountMeCore deleted a document instead of writing its tombstone")
          device.uploaded(id, result: .success(()), now: now)
        }
      }
      return read
    }
  }

  static func log() -> DailyLog {
    Fixture.valid {
      try DailyLog(
        id: logID, date: Fixture.date, dailyGoal: 2_000, userId: uid, lastModified: Fixture.date,
        syncStatus: .synced)
    }
  }

  static func food(_ id: UUID, _ calories: Double) -> FoodItem {
    Fixture.valid {
      try FoodItem(id: id, name: "oats", calories: calories, timestamp: Fixture.date, userId: uid)
    }
  }

  /// A device holding `logs`: by default the day's log.
  static func device(holding logs: EntityStore<DailyLog> = EntityStore(live: [logID: log()])) -> DailyLogSync
  {
    DailyLogSync(
      uid: uid, foodQueue: SyncQueue(), exerciseQueue: SyncQueue(), logQueue: SyncQueue(), logs: logs)
  }

  static func foodIDs(_ device: DailyLogSync) -> [UUID]? {
    device.dailyLogs.store.live[logID]?.foodItems.map(\.id)
  }

  @Test("food added on one device reaches the other: the log's document names it, its own document holds it")
  func addedFoodReachesTheOtherDevice() {
    var cloud = Cloud()
    var (a, b) = (Self.device(), Self.device())
    let added = a.addFood(Self.food(Fixture.otherId, 250), toLog: Self.logID, now: Fixture.later)
    let read = cloud.pass(&a, now: Fixture.later)
    #expect(added)
    #expect(read == [.foodItem, .exerciseItem, .dailyLog])
    let logDocument = cloud.logFields
    #expect(logDocument?["foodItemIds"] as? [String] == [Fixture.otherId.uuidString])
    cloud.pass(&b, now: Fixture.later)
    #expect(Self.foodIDs(b) == [Fixture.otherId])
    #expect(b.dailyLogs.store.live[Self.logID]?.foodItems.first?.calories == 250)
    let writes = cloud.revision
    cloud.pass(&a, now: Fixture.later)
    cloud.pass(&b, now: Fixture.later)
    #expect(cloud.revision == writes, "syncing again wrote to the cloud")
  }

  @Test("a log created on one device is queued, reaches the other, and is created once")
  func createdLogReachesTheOtherDevice() {
    var cloud = Cloud()
    var (a, b) = (Self.device(holding: EntityStore()), Self.device(holding: EntityStore()))
    let created = a.createLog(Self.log(), now: Fixture.later)
    let again = a.createLog(Self.log(), now: Fixture.later)
    var holding = Self.log()
    holding.foodItems = [Self.food(Fixture.otherId, 250)]
    let withItems = b.createLog(holding, now: Fixture.later)
    #expect(created && !again, "a second log with the same id is refused")
    #expect(!withItems && b.dailyLogs.store.live.isEmpty, "a new log holds no items yet")
    #expect(a.dailyLogs.queue.pending.map(\.operation.kind) == [.create])
    cloud.pass(&a, now: Fixture.later)
    #expect(cloud.logFields?["id"] as? String == Self.logID.uuidString)
    cloud.pass(&b, now: Fixture.later)
    #expect(b.dailyLogs.store.live[Self.logID]?.dailyGoal == 2_000)
  }

  @Test("an item the cloud refused for good holds back the logs until the user retries it")
  func refusedItemHoldsBackTheLog() {
    var cloud = Cloud()
    var a = Self.device()
    a.addFood(Self.food(Fixture.otherId, 250), toLog: Self.logID, now: Fixture.later)
    cloud.refusing = 1
    let read = cloud.pass(&a, now: Fixture.later)
    #expect(read == [.foodItem, .exerciseItem], "the logs synced past a refused item")
    #expect(cloud.logFields == nil)
    #expect(a.foodItems.queue.failed.count == 1)
    a.retryFailed()
    cloud.pass(&a, now: Fixture.later)
    let logDocument = cloud.logFields
    #expect(logDocument?["foodItemIds"] as? [String] == [Fixture.otherId.uuidString])
    #expect(cloud.documents.values.contains { $0.path.collection == "foodItems" })
  }

  @Test("food removed on one device does not come back from the other device's version of the log")
  func removedFoodStaysRemoved() {
    var cloud = Cloud()
    var (a, b) = (Self.device(), Self.device())
    a.addFood(Self.food(Fixture.otherId, 250), toLog: Self.logID, now: Fixture.date)
    cloud.pass(&a, now: Fixture.date)
    cloud.pass(&b, now: Fixture.date)
    let removed = b.removeFood(Fixture.otherId, fromLog: Self.logID, now: Fixture.later)
    #expect(removed)
    #expect(b.foodItems.store.deleted[Fixture.otherId] != nil)
    // A edits the log again before it hears of the removal: its version still names the food.
    a.addFood(Self.food(Fixture.id, 80), toLog: Self.logID, now: Fixture.later.addingTimeInterval(1))
    cloud.pass(&b, now: Fixture.later)
    cloud.pass(&a, now: Fixture.later.addingTimeInterval(2))
    cloud.pass(&b, now: Fixture.later.addingTimeInterval(3))
    #expect(Self.foodIDs(a) == [Fixture.id])
    #expect(Self.foodIDs(b) == [Fixture.id])
  }

  @Test("exercise added on one device reaches the other, and once removed there stays removed on both")
  func exerciseCrossesDevices() {
    var cloud = Cloud()
    var (a, b) = (Self.device(), Self.device())
    let run = Fixture.valid {
      try ExerciseItem(
        id: Fixture.otherId, name: "run", caloriesBurned: 300, timestamp: Fixture.date, userId: Self.uid)
    }
    let added = a.addExercise(run, toLog: Self.logID, now: Fixture.date)
    #expect(added)
    cloud.pass(&a, now: Fixture.date)
    let logDocument = cloud.logFields
    #expect(logDocument?["exerciseItemIds"] as? [String] == [Fixture.otherId.uuidString])
    cloud.pass(&b, now: Fixture.date)
    #expect(b.dailyLogs.store.live[Self.logID]?.exerciseItems.map(\.caloriesBurned) == [300])
    let removed = b.removeExercise(Fixture.otherId, fromLog: Self.logID, now: Fixture.later)
    #expect(removed)
    #expect(b.exerciseItems.store.deleted[Fixture.otherId] != nil)
    cloud.pass(&b, now: Fixture.later)
    cloud.pass(&a, now: Fixture.later)
    #expect(a.dailyLogs.store.live[Self.logID]?.exerciseItems.isEmpty == true)
    let removedAgain = a.removeExercise(Fixture.otherId, fromLog: Self.logID, now: Fixture.later)
    #expect(!removedAgain, "the log no longer holds it")
  }

  @Test(
    "food whose document another client broke is repaired by the device holding it, with its log, so it reaches a device that read the log meanwhile"
  )
  func brokenFoodIsRepaired() {
    var cloud = Cloud()
    var (a, b) = (Self.device(), Self.device())
    a.addFood(Self.food(Fixture.otherId, 250), toLog: Self.logID, now: Fixture.date)
    cloud.pass(&a, now: Fixture.date)
    let path = DocumentPath(uid: Self.uid, collection: "foodItems", documentId: Fixture.otherId.uuidString)
    cloud.write(CloudDocument(["id": Fixture.otherId.uuidString, "calories": "250"]), at: path)
    cloud.pass(&b, now: Fixture.date)
    #expect(Self.foodIDs(b) == [], "b cannot read the food its log names")
    #expect(b.skipped.map(\.path) == [path])
    cloud.pass(&a, now: Fixture.later)
    #expect(a.skipped.map(\.path) == [path])
    #expect(cloud.documents[path.description]?.document.fields["calories"] as? Double == 250, "a repaired it")
    cloud.pass(&b, now: Fixture.later)
    #expect(Self.foodIDs(b) == [Fixture.otherId], "a uploaded the log again, so b read it again")
  }

  @Test("a food upload waiting out its backoff holds back the logs, so no log names food the cloud lacks")
  func logsWaitForTheirFood() {
    var cloud = Cloud()
    var a = Self.device()
    a.addFood(Self.food(Fixture.otherId, 250), toLog: Self.logID, now: Fixture.date)
    cloud.failing = 1
    let first = cloud.pass(&a, now: Fixture.date)
    #expect(first == [.foodItem], "the pass stops at the food's backoff, before the logs")
    #expect(cloud.documents.isEmpty)
    let second = cloud.pass(&a, now: Fixture.later)
    #expect(second == [.foodItem, .exerciseItem, .dailyLog])
    #expect(cloud.documents.count == 2)
  }

  /// A device's logs alone: the day's log, holding `food`, with an empty queue.
  static func logs(holding food: FoodItem) -> CollectionSync<DailyLog> {
    var log = Self.log()
    log.foodItems = [food]
    return CollectionSync(uid: uid, queue: SyncQueue(), store: EntityStore(live: [log.id: log]))
  }

  @Test("an item download refreshes a log's copy of the item, keeping the log's stamp and queuing nothing")
  func holdItemsRefreshesCopies() throws {
    var logs = Self.logs(holding: Self.food(Fixture.otherId, 100))
    let stamped = try #require(logs.store.live[Self.logID]?.lastModified)
    var newer = Self.food(Fixture.otherId, 200)
    newer.lastModified = Fixture.later
    logs.holdItems(of: EntityStore(live: [newer.id: newer]), in: \.foodItems)
    #expect(logs.store.live[Self.logID]?.foodItems.map(\.calories) == [200])
    #expect(logs.store.live[Self.logID]?.lastModified == stamped)
    #expect(logs.queue.pending.isEmpty, "the log's document names ids, which did not change")
  }

  @Test("removing deleted items keeps the log's lastModified and queues its upload")
  func removeItemsQueuesTheLog() throws {
    var logs = Self.logs(holding: Self.food(Fixture.otherId, 250))
    let stamped = try #require(logs.store.live[Self.logID]?.lastModified)
    logs.removeItems([Fixture.id])
    #expect(logs.queue.pending.isEmpty, "a log that holds none of the items is left alone")
    logs.removeItems([Fixture.otherId])
    #expect(logs.store.live[Self.logID]?.foodItems.isEmpty == true)
    #expect(logs.store.live[Self.logID]?.lastModified == stamped)
    #expect(logs.store.live[Self.logID]?.syncStatus == .pendingUpload)
    #expect(logs.queue.pending.map(\.operation.kind) == [.update])
  }
}
