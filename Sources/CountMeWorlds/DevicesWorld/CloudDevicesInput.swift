import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Generators
import PropertyHarness

/// The input of the multi-device runs through the cloud: a scenario, the cloud's faults and the collection.
///
/// The input of F12–F18, F29 and F30 (and with a sign-up, F22 and F23): a devices scenario, the
/// faults of the cloud's successive calls, and the collection the devices sync.
package struct CloudDevicesInput: Sendable, Equatable {
  /// The devices and their steps.
  package var scenario: DevicesScenario
  /// The faults of successive cloud calls (downloads and uploads alike); none once the steps end.
  package var faults: FaultPlan
  /// The step before which device 0, a guest until then, creates the account and migrates its data.
  ///
  /// The step before which device 0, a guest until then (no account: its data stays local),
  /// creates the account and migrates its data; at or past the last step, just before the quiet
  /// spell.
  ///
  /// Nil: device 0 is signed in from the start.
  package var signUp: Int?
  /// The type of the entities the devices sync: food items (the default), exercise items, custom
  /// meals, the goal or daily logs.
  ///
  /// One collection a run: every collection syncs by the same engine.
  package var entityType: EntityType = .foodItem
  /// Whether the input is F21's: a day's log and its items, run by `CloudLogRun`.
  ///
  /// Whether the input is F21's, one day's log and the food and exercise in it, run by
  /// `CloudLogRun` (`entityType` then `.dailyLog`); false for the entity runs (`CloudDevicesRun`),
  /// whose daily logs are logs without items.
  package var logRun = false
  /// Whether the last device starts as a new install, holding nothing (daily-log runs only).
  ///
  /// F21's runs only (`CloudLogRun`): whether the last device starts as a new install, holding
  /// nothing, instead of holding the day's log as the others do.
  package var newDevice = false
  /// F21's runs only: what the log holds at the start (`CloudLogRun`).
  package var logStart = LogStart.empty

  /// What a daily-log run's log holds at the start.
  package enum LogStart: String, CaseIterable, Sendable {
    /// Nothing: every device and the cloud hold the empty log.
    case empty
    /// Food 0 and exercise 2, added on device 0 and synced by every device before the steps.
    ///
    /// Food 0 and exercise 2, added on device 0 and synced by every device (with no faults) before
    /// the steps: a deletion of either is one of an item every device shows and the cloud's log
    /// names.
    case items
    /// As `items`, but the last device is an install from before `DailyLogSync`.
    ///
    /// Its log holds the two items inside it, and its item stores hold nothing, until it downloads them.
    case legacyDevice
    /// The empty log, made on device 0 by its log sync and synced by every device before the steps.
    ///
    /// The empty log, made on device 0 by its log sync (`createLog`) and synced by every device
    /// (with no faults) before the steps, instead of written in the cloud by another client.
    case created
  }

  /// Transient faults only: a permanent one is the queue properties' ground.
  ///
  /// Transient faults only: a permanent one leaves an edit in the failed list for the user to
  /// retry, which is P14's and P18's ground, not a device's sync's.
  static let faultKinds: [Fault] = [
    .unavailable, .deadlineExceeded, .networkLost, .lostAcknowledgement,
  ]

  /// F21's faults, with permanent refusals too.
  ///
  /// F21's runs draw permanent refusals too: an item the cloud refuses must hold back the logs that
  /// name it until the user retries, which the quiet spell does (`CloudLogRun`).
  static let logFaultKinds: [Fault] = faultKinds + [.permissionDenied, .invalidArgument]

  /// Scenarios with up to 12 faulty calls, of any collection `CloudDevicesRun` syncs.
  ///
  /// Scenarios of `Gen.cloudDevicesScenario` with up to 12 faulty calls, of any collection
  /// `CloudDevicesRun` syncs (shrinking toward food items; drawn last, so a seed's scenario and
  /// faults are the same whatever the collection).
  package static let generator = generator(of: Gen.cloudDevicesScenario)

  /// As `generator`, from `Gen.cloudStaleScenario`: half the scenarios aimed at another client's
  /// stale writes (F16, F18).
  package static let staleGenerator = generator(of: Gen.cloudStaleScenario)

  /// As `generator`, some of the faulty calls getting no answer at all (`Fault.noAnswer`, P32).
  package static let silentGenerator = generator(
    of: Gen.cloudDevicesScenario, kinds: [.noAnswer, .noAnswer] + faultKinds)

  /// `scenarios` with up to 12 faulty calls of `kinds`, of any collection (as `generator`).
  private static func generator(of scenarios: Generator<DevicesScenario>, kinds: [Fault] = faultKinds)
    -> Generator<CloudDevicesInput>
  {
    Gen.zip(
      Gen.zip(scenarios, Gen.faultPlan(calls: 0...12, rate: 0.3, kinds: kinds)),
      Gen.element(of: CloudDevicesRun.entityTypes)
    ).map { CloudDevicesInput(scenario: $0.0, faults: $0.1, entityType: $1) }
  }

  /// F21's devices through the cloud: daily-log scenarios, faults, and the log's start.
  ///
  /// F21's devices through the cloud (`CloudLogRun`): `Gen.cloudLogScenario`'s scenarios, faults
  /// as `generator`'s and permanent refusals (`logFaultKinds`), of daily logs; one run in four with a
  /// new device, then (as the device allows) the log's start: empty in two runs of five, items, a
  /// legacy device or a log device 0 creates in one each (both drawn last, so a seed's scenario and
  /// faults are the same either way; shrinking toward none, and an empty log).
  package static let logGenerator = Gen.zip(
    Gen.zip(Gen.cloudLogScenario, Gen.faultPlan(calls: 0...12, rate: 0.3, kinds: logFaultKinds)),
    Gen.bool(probability: 0.25)
  ).flatMap { scenario, newDevice in
    Gen.frequency([
      (2, Gen.constant(LogStart.empty)), (1, Gen.constant(.items)), (1, Gen.constant(.legacyDevice)),
      (1, Gen.constant(.created)),
    ])
    .map { start in
      CloudDevicesInput(
        scenario: scenario.0, faults: scenario.1, entityType: .dailyLog, logRun: true, newDevice: newDevice,
        logStart: newDevice && start == .legacyDevice ? .items : start)
    }
  }

  /// F26's runs through the cloud: daily logs, devices running retention among their steps, faults as `generator`'s.
  package static let retentionGenerator = Gen.zip(
    Gen.cloudRetentionScenario, Gen.faultPlan(calls: 0...12, rate: 0.3, kinds: faultKinds)
  ).map { CloudDevicesInput(scenario: $0, faults: $1, entityType: .dailyLog) }

  /// As `generator`, with device 0 a guest until a step drawn among the scenario's (F22, F23).
  package static let migrationGenerator = generator.flatMap { input in
    Gen.int(in: 0...input.scenario.steps.count, shrinkingToward: 0).map { step in
      var migrating = input
      migrating.signUp = step
      return migrating
    }
  }

  /// The scenario's form with its faults, its collection and its new device.
  ///
  /// The scenario's form with `"faults"` beside its skews and steps, `"collection"`
  /// (`"exerciseItems"`, `"customMeals"`, `"profile"`, `"dailyLogs"`) unless the devices sync food
  /// items, and `"newDevice": true` when the last device starts as a new install.
  package var json: JSON {
    guard case .object(var members) = scenario.json else { return scenario.json }
    members.append(("faults", .array(faults.faults.map { .string($0.rawValue) })))
    if let signUp { members.append(("signUp", .integer(Int64(signUp)))) }
    if entityType != .foodItem { members.append(("collection", .string(Self.collection(of: entityType)))) }
    if newDevice { members.append(("newDevice", .bool(true))) }
    if logStart != .empty { members.append(("logStart", .string(logStart.rawValue))) }
    return .object(members)
  }

  /// The collection of `type` as seed 002's tree names it (an app's: its own).
  package static func collection(of type: EntityType) -> String { type.collection }

  /// Reads `json`'s form, naming the path of the first problem.
  ///
  /// Its collection must be one of `collections` (absent: food items); with `logRun` the input is
  /// F21's (`CloudLogRun`), the only one that may name a log start or a new device.
  package init(json: JSON, collections: [EntityType] = CloudDevicesRun.entityTypes, logRun: Bool = false)
    throws
  {
    self.logRun = logRun
    scenario = try DevicesScenario(json: json)
    faults = try FaultPlan(JSONReader(json, path: "input"), path: "input", kinds: Fault.allCases)
    let reader = try JSONReader(json, path: "input")
    signUp = reader.json["signUp"] == nil ? nil : try reader.integer("signUp", in: 0...10_000)
    if reader.json["collection"] != nil {
      let name = try reader.string("collection")
      guard let type = collections.first(where: { Self.collection(of: $0) == name }) else {
        let names = collections.map(Self.collection).joined(separator: ", ")
        throw reader.fail("collection", "unknown collection \(name): expected \(names)")
      }
      entityType = type
    }
    newDevice = try reader.optionalBool("newDevice")
    if newDevice, !logRun {
      throw reader.fail("newDevice", "only a run of F21's logs starts a device as a new install")
    }
    if reader.json["logStart"] != nil {
      let name = try reader.string("logStart")
      guard let start = LogStart(rawValue: name) else {
        let names = LogStart.allCases.map(\.rawValue).joined(separator: ", ")
        throw reader.fail("logStart", "unknown start \(name): expected \(names)")
      }
      guard logRun else {
        throw reader.fail("logStart", "only a run of F21's logs has a log with items to start with")
      }
      guard start != .legacyDevice || !newDevice else {
        throw reader.fail("logStart", "the last device is either a new install or a legacy one, not both")
      }
      logStart = start
    }
  }

  package init(
    scenario: DevicesScenario, faults: FaultPlan, signUp: Int? = nil, entityType: EntityType = .foodItem,
    logRun: Bool = false, newDevice: Bool = false, logStart: LogStart = .empty
  ) {
    self.scenario = scenario
    self.faults = faults
    self.signUp = signUp
    self.entityType = entityType
    self.logRun = logRun
    self.newDevice = newDevice
    self.logStart = logStart
  }
}
