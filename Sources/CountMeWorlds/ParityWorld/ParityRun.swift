import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// Runs a `ParityScenario`: the system's iPhone and the harness's Android phone, through one cloud.
///
/// Runs a `ParityScenario`: the iPhone syncs its logs with the system's device sync
/// (`CollectionSync<AndroidDailyLog>` in CountMeCore), the Android phone with the harness's
/// (`AndroidPhone`), both through one cloud (`CloudFake`, or Firestore under `--cloud emulator`),
/// then a quiet spell in which each syncs twice, in turn.
///
/// The run records; X5.4–X5.6 and X6.4 judge.
package struct ParityRun {
  /// A save, as the phone stamped it; step -1 for a log saved before the fix.
  package struct Save {
    package let step: Int
    package let onIPhone: Bool
    package let slot: Int
    package let saved: AndroidLog
    /// The `updatedAt` of the version it replaced on that phone; nil for the phone's first.
    package let replaced: Int64?
    package let offline: Bool
    /// The whole second of the phone's clock when it saved; nil for a save from before the fix.
    package var second: Int64? = nil
    package var phone: String { onIPhone ? "the iPhone" : "the Android phone" }
    /// When it was made, for a report: "at step 3", "before the fix".
    package var when: String { step < 0 ? "before the fix" : "at step \(step)" }
  }

  /// An iPhone pass that ended online with nothing left queued, and what the cloud held then.
  package struct DrainedPass {
    package let step: Int
    package let cloud: [AndroidLog?]
  }

  /// The first iPhone pass after a reinstall whose download was answered.
  ///
  /// The first iPhone pass after the reinstall at step `reinstalledAt` whose download was
  /// answered (at step `step`; nil in the quiet spell): what the cloud held then, and what the
  /// iPhone held when the pass ended.
  package struct Restore {
    package let reinstalledAt: Int
    package let step: Int?
    package let cloud: [AndroidLog?]
    package let after: [AndroidLog?]
  }

  /// An iPhone save and the message it ended with, from the system's save feedback.
  package struct SaveMessage {
    package let step: Int
    package let slot: Int
    /// Whether the iPhone was offline when the user saved.
    package let offline: Bool
    /// How its first upload went: true through, false kept and queued for a retry; nil if offline.
    ///
    /// How its first upload went: true through, false kept and queued for a retry; nil when the
    /// iPhone was offline at the save, so the message came before any upload. (A save whose upload
    /// failed for good is not here: X4.3 judges that outcome's message.)
    package let uploaded: Bool?
    package let message: String
  }

  package var saves: [Save] = []
  /// The message each iPhone save ended with, when the run asked for them.
  package var messages: [SaveMessage] = []
  package var drained: [DrainedPass] = []
  package var restores: [Restore] = []
  /// The step of the last reinstall; nil when the app was never installed again.
  package var lastReinstall: Int?
  package var iPhone: [AndroidLog?] = []
  package var android: [AndroidLog?] = []
  package var cloud: [AndroidLog?] = []

  package static let uid = "uid-alice"

  /// The id of log `slot`.
  package static func id(_ slot: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, UInt8(slot)))
  }

  /// The day of log `slot`: 2026-01-01 and the day after.
  package static func day(_ slot: Int) -> Int64 { 20_454 + Int64(slot) }

  /// Log `slot` with `calories` eaten, as either phone builds it before stamping.
  static func log(_ slot: Int, calories: Int) -> AndroidLog {
    AndroidLog(
      id: id(slot), userId: uid, epochDay: day(slot), foodItemIds: [], exerciseItemIds: [],
      totalCalories: Double(calories), dailyGoal: nil, updatedAt: 0)
  }

  /// The run; with `messages`, each iPhone save's message too, from the system's save feedback.
  package static func run(_ scenario: ParityScenario, _ system: SystemLayers, messages: Bool = false) throws
    -> ParityRun
  {
    try system.cloud.running(
      FaultPlan([]), fake: { try run(scenario, system, on: &$0, messages: messages) },
      firestore: { try run(scenario, system, on: &$0, messages: messages) })
  }

  package static func run<Cloud: SimulationCloud>(
    _ scenario: ParityScenario, _ system: SystemLayers, on cloud: inout Cloud
  ) throws -> ParityRun {
    try run(scenario, system, on: &cloud, messages: false)
  }

  /// The run through `cloud`; with `messages`, each iPhone save's message too.
  package static func run<Cloud: SimulationCloud>(
    _ scenario: ParityScenario, _ system: SystemLayers, on cloud: inout Cloud, messages: Bool
  ) throws -> ParityRun {
    var record = ParityRun()
    var online = true, elapsed = 0
    /// The step of a reinstall no pass has downloaded since.
    var reinstalledAt: Int?
    /// The online saves of each log whose upload has not yet gone, by step.
    var awaitingUpload: [[Int]] = Array(repeating: [], count: ParityScenario.logs)
    /// Records the message of each save of the log at `path` awaiting its upload, which went as `result`.
    func uploaded(_ path: DocumentPath, _ result: Result<Void, SyncError>) {
      guard messages,
        let slot = (0..<ParityScenario.logs).first(where: { AndroidLog.text(id($0)) == path.documentId })
      else { return }
      let message: String
      switch result {
      case .success: message = system.saveFeedback.saveMessage(for: result)
      // Kept, and queued for a retry: as a save made offline.
      case .failure(let error) where error.isRetryable: message = system.saveFeedback.offlineSaveMessage()
      // Failed for good: X4.3 judges the message of each such outcome.
      case .failure: return
      }
      let through = (try? result.get()) != nil
      for step in awaitingUpload[slot] {
        record.messages.append(
          SaveMessage(step: step, slot: slot, offline: false, uploaded: through, message: message))
      }
      awaitingUpload[slot] = []
    }
    func now(skew: Int = 0) -> Date { DevicesRun.date(elapsed + skew) }
    let queue = system.queue.makeQueue(capacity: 100, policy: CloudDevicesRun.policy)
    var iPhone = system.deviceSync.makeSync(of: AndroidDailyLog.self, uid: uid, queue: queue)
    if !scenario.preFix.isEmpty {
      // The app's update finds the logs it saved locally before the fix, a day before the run, and
      // hands them to its sync as data made before the account had any (`migrate`).
      var preFix: [UUID: AndroidDailyLog] = [:]
      for (slot, calories) in scenario.preFix.enumerated() {
        var saved = log(slot, calories: calories)
        saved.updatedAt = LocalDays.wholeSecond(DevicesRun.start) - 86_400 + Int64(slot)
        preFix[id(slot)] = entity(saved, status: .pendingUpload)
        record.saves.append(
          Save(step: -1, onIPhone: true, slot: slot, saved: saved, replaced: nil, offline: true))
      }
      iPhone = system.deviceSync.migrate(EntityStore(live: preFix), uid: uid, queue: queue, now: now())
    }
    var android = AndroidPhone()
    func slot(of id: UUID) -> Int? { (0..<ParityScenario.logs).first { Self.id($0) == id } }
    func iPhoneHolds(_ slot: Int) -> AndroidLog? {
      iPhone.store.live[id(slot)].map(Self.projection)
    }
    func pass(step: Int?) {
      var cloudAtDownload: [AndroidLog?]?
      iPhone.startSync()
      loop: for _ in 0..<1_000 {
        cloud.online = online
        switch iPhone.next(now: now(), online: online) {
        case .done: break loop
        case .wait(let until):
          guard step == nil else { break loop }
          elapsed = max(elapsed, DevicesRun.milliseconds(until: until))
        case .download(let owner, let after):
          let (response, changes) = cloud.changes(
            in: EntityType.dailyLog.collection, of: owner, as: uid, after: after, now: now())
          if reinstalledAt != nil, case .success = response.result { cloudAtDownload = cloudLogs(cloud) }
          iPhone.downloaded(response.result.map { changes }, now: now())
        case .upload(let id, let path, let document):
          let result = cloud.set(document, at: path, as: uid, now: now()).result
          uploaded(path, result)
          iPhone.uploaded(id, result: result, now: now())
        case .delete(let id, let path):
          iPhone.uploaded(id, result: cloud.delete(at: path, as: uid, now: now()).result, now: now())
        }
      }
      if let reinstalled = reinstalledAt, let cloudAtDownload {
        record.restores.append(
          Restore(
            reinstalledAt: reinstalled, step: step, cloud: cloudAtDownload,
            after: (0..<ParityScenario.logs).map(iPhoneHolds)))
        reinstalledAt = nil
      }
      let queue = iPhone.queue
      if let step, online, queue.pending.isEmpty, queue.inFlight == nil, queue.failed.isEmpty {
        record.drained.append(DrainedPass(step: step, cloud: cloudLogs(cloud)))
      }
    }
    func cloudLogs(_ cloud: Cloud) -> [AndroidLog?] {
      (0..<ParityScenario.logs).map { slot in
        let path = DocumentPath(
          uid: uid, collection: EntityType.dailyLog.collection, documentId: AndroidLog.text(id(slot)))
        return cloud.document(at: path).flatMap(AndroidPhone.read)
      }
    }
    for (index, step) in scenario.steps.enumerated() {
      cloud.turn(device: step.device, step: index)
      switch step {
      case .iosSave(let slot, let calories):
        let replaced = iPhone.store.live[id(slot)]?.updatedAt
        // What the user saved is the step's, stamped as the phone stamped it (judged by X5.6):
        // never the phone's own word for its content.
        var saved = log(slot, calories: calories)
        guard iPhone.edit(Self.entity(saved), now: now()), let held = iPhoneHolds(slot) else {
          throw RunFailure("the iPhone refused to save log \(slot) at step \(index)")
        }
        saved.updatedAt = held.updatedAt
        guard held == saved else {
          throw RunFailure(
            "right after saving log \(slot) as \(Self.describe(saved)) at step \(index), the iPhone holds "
              + "\(Self.describe(held))")
        }
        record.saves.append(
          Save(
            step: index, onIPhone: true, slot: slot, saved: saved, replaced: replaced, offline: !online,
            second: LocalDays.wholeSecond(now())))
        if messages, !online {
          record.messages.append(
            SaveMessage(
              step: index, slot: slot, offline: true, uploaded: nil,
              message: system.saveFeedback.offlineSaveMessage()))
        } else if messages {
          awaitingUpload[slot].append(index)
        }
      case .androidSave(let slot, let calories):
        let (saved, replaced) = android.save(
          slot, log(slot, calories: calories), now: now(skew: scenario.androidSkew))
        record.saves.append(
          Save(
            step: index, onIPhone: false, slot: slot, saved: saved, replaced: replaced, offline: false,
            second: LocalDays.wholeSecond(now(skew: scenario.androidSkew))))
      case .iosSync: pass(step: index)
      case .androidSync:
        _ = android.sync(&cloud, uid: uid, slotOf: slot, now: now(skew: scenario.androidSkew))
      case .iosOffline: online = false
      case .iosOnline: online = true
      case .advance(let milliseconds): elapsed += milliseconds
      case .iosReinstall:
        iPhone.reinstall(
          with: system.queue.makeQueue(capacity: 100, policy: CloudDevicesRun.policy), now: now())
        reinstalledAt = index
        record.lastReinstall = index
        // A save not uploaded went with the app: no upload will end it.
        awaitingUpload = awaitingUpload.map { _ in [] }
      }
    }
    online = true
    for _ in 0..<2 {
      cloud.turn(device: 0, step: nil)
      pass(step: nil)
      cloud.turn(device: 1, step: nil)
      _ = android.sync(&cloud, uid: uid, slotOf: slot, now: now(skew: scenario.androidSkew))
    }
    record.iPhone = (0..<ParityScenario.logs).map(iPhoneHolds)
    record.android = (0..<ParityScenario.logs).map { android.logs[$0] }
    record.cloud = cloudLogs(cloud)
    return record
  }

  /// CountMeCore's entity holding the harness's log: a field-for-field copy (no codec).
  static func entity(_ log: AndroidLog, status: SyncStatus = .synced) -> AndroidDailyLog {
    AndroidDailyLog(
      id: log.id, userId: log.userId, epochDay: log.epochDay, foodItemIds: log.foodItemIds,
      exerciseItemIds: log.exerciseItemIds, totalCalories: log.totalCalories, dailyGoal: log.dailyGoal,
      updatedAt: log.updatedAt, syncStatus: status)
  }

  /// The harness's log holding an entity's fields, a field-for-field copy.
  static func projection(_ entity: AndroidDailyLog) -> AndroidLog {
    AndroidLog(
      id: entity.id, userId: entity.userId, epochDay: entity.epochDay, foodItemIds: entity.foodItemIds,
      exerciseItemIds: entity.exerciseItemIds, totalCalories: entity.totalCalories,
      dailyGoal: entity.dailyGoal,
      updatedAt: entity.updatedAt)
  }

  /// A version for a report: "500 kcal at 1767225600 s".
  package static func describe(_ log: AndroidLog?) -> String {
    guard let log else { return "nothing" }
    return "\(log.totalCalories) kcal at \(log.updatedAt) s"
  }
}

extension ParityRun: CloudWorldRun {}
