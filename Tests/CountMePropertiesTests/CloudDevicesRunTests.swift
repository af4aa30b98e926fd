import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness
import Testing

@testable import CountMeProperties
@testable import CountMeWorlds

@Suite("Devices syncing each collection through the cloud")
struct CloudDevicesRunTests {
  /// Device 0 makes slot 0 120 kcal and slot 1 80 kcal, another client breaks slot 2's document,
  /// device 0 deletes slot 1, and both devices sync.
  static func input(_ type: EntityType) -> CloudDevicesInput {
    let steps: [DevicesScenario.Step] = [
      .edit(device: 0, slot: 0, calories: 120), .edit(device: 0, slot: 1, calories: 80),
      .corrupt(slot: 2, damage: .wrongType), .sync(device: 0), .delete(device: 0, slot: 1), .sync(device: 1),
    ]
    return CloudDevicesInput(
      scenario: DevicesScenario(skews: [0, 0], steps: steps), faults: FaultPlan(), entityType: type)
  }

  @Test(
    "every collection's versions reach the cloud and the other device, read back by the harness",
    arguments: [EntityType.foodItem, .exerciseItem, .customMeal, .dailyLog])
  func syncs(_ type: EntityType) throws {
    let run = try CloudDevicesRun.run(Self.input(type), .reference)
    guard case .live(let version) = run.finalCloud[0] else {
      Issue.record("the cloud holds slot 0 \(run.finalCloud[0])")
      return
    }
    #expect(version.calories == 120 && version.userId == CloudDevicesRun.uid)
    #expect(run.finalCloud[1] == .deleted && run.finalCloud[2] == .unreadable && run.finalCloud[3] == .absent)
    for device in run.finalDevices {
      #expect(device[0] == run.finalCloud[0] && device[1] == .deleted && device[2] == .absent)
    }
    #expect(run.slots == 4 && run.path(0).collection == type.collection)
  }

  @Test("the goal is one document, profile/settings: every slot names it, and nobody deletes it")
  func goal() throws {
    let steps: [DevicesScenario.Step] = [
      .edit(device: 0, slot: 0, calories: 2_000), .sync(device: 0), .sync(device: 1),
      .advance(milliseconds: 1),
      .edit(device: 1, slot: 3, calories: 1_800), .delete(device: 1, slot: 0), .sync(device: 1),
    ]
    let input = CloudDevicesInput(
      scenario: DevicesScenario(skews: [0, 0], steps: steps), faults: FaultPlan(), entityType: .userGoal)
    let run = try CloudDevicesRun.run(input, .reference)
    #expect(run.slots == 1 && run.path(0).description == "users/uid-alice/profile/settings")
    guard case .live(let goal) = run.finalCloud[0] else {
      Issue.record("the cloud holds the goal \(run.finalCloud[0])")
      return
    }
    #expect(goal.calories == 1_800)
    #expect(run.finalDevices.allSatisfy { $0 == run.finalCloud })
    #expect(run.changes.map(\.slot) == [0, 0] && !run.changes.contains { $0.deletion })
  }

  @Test(
    "a restart keeps the store, the queue and the cursor: an offline edit still uploads, nothing downloads twice"
  )
  func restart() throws {
    let steps: [DevicesScenario.Step] = [
      .edit(device: 1, slot: 1, calories: 90), .sync(device: 1), .sync(device: 0), .goOffline(device: 0),
      .edit(device: 0, slot: 0, calories: 300), .restart(device: 0), .restart(device: 0),
      .goOnline(device: 0),
      .sync(device: 0),
    ]
    let input = CloudDevicesInput(
      scenario: DevicesScenario(skews: [0, 0], steps: steps), faults: FaultPlan())
    #expect(try CloudDevicesInput(json: input.json) == input)
    let run = try CloudDevicesRun.run(input, .reference)
    let last = try #require(run.passes.first { $0.step == 8 })
    #expect(last.queuedBefore == [0] && last.uploaded == [0] && last.downloaded?.isEmpty == true)
    guard case .live(let version) = run.finalCloud[0] else {
      Issue.record("the cloud holds slot 0 \(run.finalCloud[0])")
      return
    }
    #expect(version.calories == 300 && Firebase.downloadedAgain(run) == nil)
  }

  @Test(
    "every kind of damage makes a document the harness reads as unreadable, and the device skips it",
    arguments: CloudDevicesRun.entityTypes)
  func damaged(_ type: EntityType) throws {
    for damage in DevicesScenario.Damage.allCases {
      let steps: [DevicesScenario.Step] = [.corrupt(slot: 0, damage: damage), .sync(device: 0)]
      let input = CloudDevicesInput(
        scenario: DevicesScenario(skews: [0, 0], steps: steps), faults: FaultPlan(), entityType: type)
      let run = try CloudDevicesRun.run(input, .reference)
      // A goal's document is named by its path: its wrong id is a goal document under another name.
      let stray = type == .userGoal && damage == .wrongID
      #expect(
        run.finalCloud[0] == (stray ? .absent : .unreadable) && run.finalDevices[0][0] == .absent, "\(damage)"
      )
      let first = try #require(run.passes.first)
      let path =
        stray
        ? DocumentPath(
          uid: CloudDevicesRun.uid, collection: "profile", documentId: DevicesRun.id(0).uuidString)
        : run.path(0)
      #expect(
        first.skipped.map(\.path) == [path] && first.foreign.map(\.path) == (stray ? [path] : []), "\(damage)"
      )
    }
  }

  @Test(
    "another client's stale write brings back an item's first version; the device puts its newer one back, pending upload until the write lands, and the step reads back from its JSON"
  )
  func staleWrite() throws {
    let text =
      #"{"skews":[0,0],"steps":[{"edit":[0,0,100]},{"sync":0},{"edit":[0,0,200]},{"sync":0},{"stale":0},"#
      + #"{"sync":0}],"faults":["none","none","none","none","none","unavailable"]}"#
    let input = try CloudDevicesInput(json: try JSON.parse(text))
    #expect(input.scenario.steps[4] == .writeStale(slot: 0))
    #expect(try CloudDevicesInput(json: input.json) == input)
    #expect(Firebase.cloudDevicesTags(input).contains("Devices.stale"))
    let run = try CloudDevicesRun.run(input, .reference)
    // The third pass downloads the stale first version, keeps its own, and its upload (call 5) fails.
    let third = run.passes[2]
    guard case .live(let stale) = third.cloudBefore[0], case .live(let held) = third.after[0] else {
      Issue.record("the third pass saw \(third.cloudBefore[0]) and left \(third.after[0])")
      return
    }
    #expect(stale.calories == 100 && held.calories == 200 && held.syncStatus == .pendingUpload)
    guard case .live(let final) = run.finalCloud[0] else {
      Issue.record("the cloud ends with \(run.finalCloud[0])")
      return
    }
    #expect(final.calories == 200)
    #expect(Firebase.judgeSyncFailurePreservesData(run).description == Observation.holds.description)
    let mutated = try CloudDevicesRun.run(input, SystemLayers(try mutant("sync-winner-stays-synced")))
    guard case .broke(let message, _, _) = Firebase.judgeSyncFailurePreservesData(mutated) else {
      Issue.record("F18 passed a version left synced after the cloud's copy went stale")
      return
    }
    #expect(message.contains("marked synced while the cloud holds"))
    let noSlot = text.replacingOccurrences(of: #"{"stale":0}"#, with: #"{"stale":4}"#)
    #expect(throws: InputDecodingError.self) { try CloudDevicesInput(json: try JSON.parse(noSlot)) }
  }

  @Test(
    "a retention step reads back; in a log run it deletes exactly the logs past 90 days on that device, and the deletion travels"
  )
  func retention() throws {
    let text =
      #"{"skews":[0,0],"steps":[{"edit":[0,0,1]},{"edit":[0,1,1]},{"edit":[0,2,1]},{"sync":0},{"sync":1},"#
      + #"{"retention":1},{"advance":1},{"retention":0}],"faults":[],"collection":"dailyLogs"}"#
    let input = try CloudDevicesInput(json: try JSON.parse(text))
    #expect(input.scenario.steps.contains(.retention(device: 1)))
    #expect(try CloudDevicesInput(json: input.json) == input)
    let run = try CloudDevicesRun.run(input, .reference)
    // Device 1 at +0 ms: log 2 (91 days) goes, log 1 (exactly 90 days) and log 0 (89) stay; device
    // 0 a millisecond later: log 1 goes too.
    #expect(run.retentions.map(\.device) == [1, 0] && run.retentions.map(\.clock) == [0, 1])
    func live(_ states: [CloudDevicesRun.SlotState]) -> [Bool] { states.map(\.isLive) }
    #expect(live(run.retentions[0].after) == [true, true, false, false])
    #expect(live(run.retentions[1].after) == [true, false, false, false])
    for place in run.finalDevices + [run.finalCloud] { #expect(live(place) == [true, false, false, false]) }
    guard case .holds = Firebase.judgeNinetyDayRetentionThroughTheCloud(run) else {
      Issue.record("F26 broke on the reference's run")
      return
    }
    var foods = input
    foods.entityType = .foodItem
    #expect(try CloudDevicesRun.run(foods, .reference).retentions.isEmpty)
  }

  @Test("the collection is kept in a case file, food items by omission, and an unknown one is refused")
  func json() throws {
    for type in CloudDevicesRun.entityTypes {
      let input = Self.input(type)
      #expect(try CloudDevicesInput(json: input.json) == input)
      guard case .object(let members) = input.json else { continue }
      #expect(members.contains { $0.0 == "collection" } == (type != .foodItem))
    }
    guard case .object(var members) = Self.input(.foodItem).json else { return }
    members.append(("collection", .string("workouts")))
    #expect(throws: InputDecodingError.self) { try CloudDevicesInput(json: .object(members)) }
  }
}

@Suite("F21's devices through the cloud: daily logs and the food and exercise they name")
struct CloudLogRunTests {
  static func input(_ json: String) throws -> CloudDevicesInput {
    try CloudDevicesInput(json: try JSON.parse(json), collections: [.dailyLog], logRun: true)
  }

  @Test(
    "a log run's input reads back from its JSON; the entity runs read dailyLogs as logs without items, and refuse a log start"
  )
  func json() throws {
    let text = #"{"skews":[0,0],"steps":[{"edit":[0,1,120]}],"faults":[],"collection":"dailyLogs"}"#
    let input = try Self.input(text)
    #expect(input.entityType == .dailyLog && input.logRun)
    #expect(try CloudDevicesInput(json: input.json, collections: [.dailyLog], logRun: true) == input)
    let entities = try CloudDevicesInput(json: try JSON.parse(text))
    #expect(entities.entityType == .dailyLog && !entities.logRun)
    for start in [#""newDevice":true"#, #""logStart":"items""#] {
      let logOnly = text.replacingOccurrences(of: #""faults""#, with: start + #","faults""#)
      #expect(throws: InputDecodingError.self) { try CloudDevicesInput(json: try JSON.parse(logOnly)) }
      _ = try Self.input(logOnly)
    }
    let guest = text.replacingOccurrences(of: #""faults""#, with: #""signUp":0,"faults""#)
    #expect(throws: InputDecodingError.self) { try LogMergeInput.decode(try JSON.parse(guest)) }
  }

  @Test(
    "another client's broken log reads back from its JSON, stays unreadable where no device repairs it, and an unknown damage is refused"
  )
  func brokenLog() throws {
    let text =
      #"{"skews":[0,0],"steps":[{"corruptLog":"brokenTombstone"}],"faults":[],"collection":"dailyLogs"}"#
    let input = try Self.input(text)
    #expect(input.scenario.steps == [.corruptLog(damage: .brokenTombstone)])
    #expect(try CloudDevicesInput(json: input.json, collections: [.dailyLog], logRun: true) == input)
    #expect(Firebase.cloudDevicesTags(input).contains("Devices.brokenLog"))
    let repaired = try CloudLogRun.run(input, .reference)
    #expect(repaired.quiet.map(\.description) == ["(empty)", "(empty)", "(empty)"])
    let left = try CloudLogRun.run(input, SystemLayers(try mutant("log-sync-never-repairs-logs")))
    #expect(left.quiet.map(\.description) == ["unreadable", "(empty)", "(empty)"])
    guard case .broke(let message, _, _) = Firebase.judgeDailyLogMergeThroughTheCloud(left) else {
      Issue.record("F21 passed a log no device repaired")
      return
    }
    #expect(message.contains("no device wrote its version over it"))
    let scratched = text.replacingOccurrences(of: "brokenTombstone", with: "scratched")
    #expect(throws: InputDecodingError.self) { try Self.input(scratched) }
  }

  @Test("a log written before the item it names is recorded at that write, and the reference waits")
  func logBeforeItem() throws {
    // Device 1 adds food 0; its pass's first call, the food's upload, fails.
    let input = try Self.input(
      #"{"skews":[0,0],"steps":[{"edit":[1,0,0]},{"sync":1}],"faults":["unavailable"],"collection":"dailyLogs"}"#
    )
    #expect(try CloudLogRun.run(input, .reference).namesMissingItem == nil)
    let early = try CloudLogRun.run(input, SystemLayers(try mutant("log-sync-logs-without-ready-items")))
    #expect(
      early.namesMissingItem
        == "in step 1, device 1 wrote the log naming food 0, whose document the cloud holds none of: "
        + "a log went up before the items it names")
    guard case .broke(let message, _, _) = Firebase.judgeDailyLogMergeThroughTheCloud(early) else {
      Issue.record("F21 passed a log written before its food")
      return
    }
    #expect(message == early.namesMissingItem)
  }

  @Test(
    "a run that starts with items holds them everywhere, a legacy device removes one it knows only from its log, and a new install cannot be legacy"
  )
  func logStart() throws {
    let text =
      #"{"skews":[0,0],"steps":[{"delete":[1,0]}],"faults":[],"collection":"dailyLogs","logStart":"items"}"#
    let input = try Self.input(text)
    #expect(input.logStart == .items)
    #expect(try CloudDevicesInput(json: input.json, collections: [.dailyLog], logRun: true) == input)
    #expect(Firebase.cloudDevicesTags(input).contains("Devices.logStart.items"))
    let run = try CloudLogRun.run(input, .reference)
    #expect(run.additions.map(\.item) == [0, 2])
    #expect(run.removed == [0])
    #expect(run.quiet.map(\.description) == Array(repeating: "exercise 2 (120.0 kcal)", count: 3))
    let legacy = try Self.input(text.replacingOccurrences(of: #""items""#, with: #""legacyDevice""#))
    let removed = try CloudLogRun.run(legacy, .reference)
    #expect(removed.shownTwice == nil)
    #expect(removed.quiet.map(\.description) == Array(repeating: "exercise 2 (120.0 kcal)", count: 3))
    let back = try CloudLogRun.run(legacy, SystemLayers(try mutant("log-sync-removal-needs-stored-item")))
    #expect(back.quiet[0].description == "food 0 (250.0 kcal), exercise 2 (120.0 kcal)")
    let both = text.replacingOccurrences(of: #""items""#, with: #""legacyDevice","newDevice":true"#)
    #expect(throws: InputDecodingError.self) { try Self.input(both) }
    #expect(throws: InputDecodingError.self) {
      try Self.input(text.replacingOccurrences(of: "items", with: "full"))
    }
  }

  @Test(
    "removing an item answers as documented: true for one the log shows, false changing nothing otherwise")
  func removalAnswers() throws {
    let unshown = try Self.input(
      #"{"skews":[0,0],"steps":[{"delete":[0,0]}],"faults":[],"collection":"dailyLogs"}"#)
    #expect(try CloudLogRun.run(unshown, .reference).removed.isEmpty)
    #expect(throws: RunFailure.self) {
      try CloudLogRun.run(unshown, SystemLayers(try mutant("log-sync-removal-of-unheld-succeeds")))
    }
    let only = try Self.input(
      #"{"skews":[0,0],"steps":[{"edit":[0,0,100]},{"delete":[0,0]}],"faults":[],"collection":"dailyLogs"}"#)
    #expect(try CloudLogRun.run(only, .reference).removed == [0])
  }

  @Test("the run records additions and removals, and every place's log once quiet")
  func records() throws {
    let input = try Self.input(
      #"{"skews":[0,0],"steps":[{"edit":[0,1,120]},{"sync":0},{"sync":1},{"delete":[1,1]},{"edit":[1,2,80]}],"faults":[],"collection":"dailyLogs"}"#
    )
    let run = try CloudLogRun.run(input, .reference)
    #expect(run.additions.map(\.item) == [1, 2])
    #expect(run.removed == [1])
    #expect(run.places == ["the cloud", "device 0", "device 1"])
    // Slot 1 is food, slot 2 exercise: each place holds exercise 2 alone, among its exercise.
    #expect(run.quiet.map { $0.items?.map(\.id) } == Array(repeating: [CloudLogRun.itemID(2)], count: 3))
    #expect(run.quiet.map(\.description) == Array(repeating: "exercise 2 (80.0 kcal)", count: 3))
    #expect(run.quiet.allSatisfy { $0.items?.first?.isExercise == true })
    #expect(run.settlingWrites == 0)
    guard case .holds = Firebase.judgeDailyLogMergeThroughTheCloud(run) else {
      Issue.record("F21 broke on the reference: \(run.views)")
      return
    }
  }
}

@Suite("F21's reports through the cloud")
struct CloudLogReportTests {
  @Test("two logs that differ only in a stamp are told apart by the field that differs")
  func namesTheField() throws {
    let log = DailyLogArguments(try CloudLogRun.initialLog())
    var later = log
    later.lastModified = log.lastModified.addingTimeInterval(0.001)
    let difference = Firebase.difference(.live(log), .live(later))
    #expect(difference.hasPrefix("; first difference: lastModified: "), "\(difference)")
    #expect(Firebase.difference(.live(log), .live(log)).isEmpty)
    #expect(Firebase.difference(.live(log), .deleted).isEmpty)
  }
}

@Suite("A device that syncs when its network comes back")
struct PollingOnReconnectTests {
  @Test(
    "CountMeCore's device sync, polling on reconnect as real apps do, passes every device property",
    arguments: [UInt64(0xC0FFEE)])
  func polls(seed: UInt64) {
    let report = runEveryProperty(
      of: .deviceSync, against: AdaptedCollectionSync(pollsOnReconnect: true), seed: seed, cases: 300)
    expectEveryPropertyHeld(report, of: .deviceSync)
  }
}

@Suite("A device whose uploads carry ids of its own, not its queue's")
struct OwnUploadIDsTests {
  @Test(
    "the runs hand an upload's id back and read nothing else of it: every device property holds",
    arguments: [UInt64(0xC0FFEE)])
  func ownIDs(seed: UInt64) {
    let report = runEveryProperty(
      of: .deviceSync, against: AdaptedCollectionSync(idOffset: 1 << 40), seed: seed, cases: 300)
    expectEveryPropertyHeld(report, of: .deviceSync)
  }
}
