import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// A `WorkoutAppScenario` run against the system's workout app: one device, its store and its queue joined.
///
/// Each answer of the app checked against seed 004's rules as written there, what W1.1 and W1.8 judge:
/// - 1.1, local save first: right after a save the device holds what was saved and a push of it is
///   queued, whatever the network (a save of the content held says nothing changed, and queues
///   nothing); a push that failed is still queued (for its retry, or kept for
///   the user); and once quiet (the network up, every push going through, the clock moving past each
///   retry) the cloud holds each entity as the device does (a deletion: no version), nothing left
///   to push, but for a push kept for manual intervention;
/// - 1.8, network-aware: offline no push is attempted; when the network returns every push waiting
///   for its retry is attempted at once, and never before it returns (a network already up that
///   reports itself up again is no return); and after every step the status the UI shows follows the
///   network and the queue: offline while the network is down, failed while a push waits for the
///   user, syncing while one waits to go, synced otherwise.
///
/// Each finding is named by the rule it breaks, and each property reports its own rule's first.
package struct WorkoutAppRun {
  /// One departure from the rules: the seed section ("1.1" or "1.8"), the step (nil once quiet), what.
  package struct Finding {
    let rule: String
    package let step: Int?
    package let text: String
  }

  private(set) var findings: [Finding] = []
  private var app: any WorkoutAppUnderTest
  private var cloud = WorkoutCloud()
  private var now = Gen.workoutEpoch
  private var online = true
  /// The entities ever made: an id is never used again (2.3).
  private var created: Set<WorkoutKey> = []
  /// The pushes waiting when the network last returned and not attempted since; nil once time moved on.
  private var dueAtReconnect: Set<OperationID>?
  /// When each push waiting for its retry last failed, while the network has not returned since.
  private var failedAt: [OperationID: Date] = [:]
  private var setsLogged = 0

  /// Runs `scenario` on a new install of `system`'s app under the workout policy, then a quiet spell.
  package init(_ scenario: WorkoutAppScenario, _ system: SystemLayers) {
    app = system.workoutSync.makeWorkoutApp(policy: SyncPolicy.workout)
    for (index, step) in scenario.steps.enumerated() {
      switch step {
      case .save(let entity, let variant): save(entity, variant, at: index)
      case .delete(let entity):
        let key = WorkoutScenario.key(entity)
        if app.templates[key] != nil || app.sessions[key] != nil { app.delete(key, now: now) }
      case .push(let outcome): push(outcome, at: index)
      case .wait(let seconds):
        now.addTimeInterval(Double(seconds))
        dueAtReconnect = nil
      case .offline:
        online = false
        dueAtReconnect = nil
        app.networkChanged(online: false)
      case .online:
        if !online {
          dueAtReconnect = Set(app.queue.pending.map(\.id))
          failedAt = [:]
        }
        online = true
        app.networkChanged(online: true)
      }
      judgeStatus(at: index)
    }
    quietSpell()
  }

  /// The first finding of `rule`, if any.
  package func first(_ rule: String) -> Finding? { findings.first { $0.rule == rule } }

  private mutating func note(_ rule: String, _ step: Int?, _ text: String) {
    findings.append(Finding(rule: rule, step: step, text: text))
  }

  /// Saves `entity` as the step says, then checks it is held and its push queued (1.1).
  private mutating func save(_ entity: Int, _ variant: Int, at step: Int) {
    let key = WorkoutScenario.key(entity)
    let isNew = app.templates[key] == nil && app.sessions[key] == nil
    if isNew { guard created.insert(key).inserted else { return } }  // deleted: never made again
    // A save of the content held (the template's name as it is; the session's last set logged again):
    // nothing changes and nothing is pushed (2.5's no save loop).
    let unchanged: Bool
    let changed: Bool
    let held: Bool
    let waiting = app.queue.pending.count
    if key.kind == .session {
      var session = app.sessions[key] ?? WorkoutSession(id: key.id, sets: [], updatedAt: now)
      unchanged = session.sets.last?.reps == variant
      if !unchanged {
        setsLogged += 1
        session.sets.append(
          SetData(
            id: Gen.workoutID(0x1000 + setsLogged), exerciseID: Gen.workoutID(1), reps: variant, grams: 20_000
          ))
      }
      changed = app.save(session, now: now)
      held = app.sessions[key].map { $0.sets == session.sets } ?? false
    } else {
      var template =
        app.templates[key]
        ?? WorkoutTemplate(
          kind: key.kind == .module ? .module : .workout, id: key.id, name: "New", notes: "", updatedAt: now,
          exercises: [])
      unchanged = !isNew && template.name == "Name \(variant)"
      template.name = "Name \(variant)"
      changed = app.save(template, now: now)
      held = app.templates[key].map { $0.hasSameContent(as: template) } ?? false
    }
    guard !unchanged else {
      if changed || app.queue.pending.count != waiting {
        note("1.1", step, "saved \(key) as it was held, and the app said it changed or queued a push")
      }
      return
    }
    if !changed { note("1.1", step, "saved a change of \(key), and the app said nothing changed") }
    let state = online ? "online" : "offline"
    if !held { note("1.1", step, "saved \(key) \(state), and the device does not hold what was saved") }
    if !queued(key) {
      note("1.1", step, "saved \(key) \(state), and no push of it is queued: the cloud never gets it")
    }
  }

  /// Whether the queue holds a push of `key` still to go (pending or in flight).
  private func queued(_ key: WorkoutKey) -> Bool {
    app.queue.pending.contains { Self.names(key, $0.operation) }
      || app.queue.inFlight.map { Self.names(key, $0.operation) } ?? false
  }

  /// Whether `operation` is a push of `key`: its id, and the type 1.3 ranks its kind by.
  static func names(_ key: WorkoutKey, _ operation: SyncOperation) -> Bool {
    guard UUID(uuidString: operation.entityId) == key.id else { return false }
    switch key.kind {
    case .module: return operation.entityType == .module
    case .workout: return operation.entityType == .workout
    case .session: return operation.entityType == .session
    }
  }

  /// The background task asks for the push due; one attempted is answered with `outcome`.
  private mutating func push(_ outcome: WorkoutQueueScenario.Outcome, at step: Int) {
    let action = app.next(now: now)
    guard case .upload(let id, let operation) = action else {
      if let waiting = dueAtReconnect?.first(where: { id in app.queue.pending.contains { $0.id == id } }) {
        note(
          "1.8", step,
          "the network returned and the app answered \(action) while push \(waiting.rawValue) waited for "
            + "its retry: every waiting push is retried at once")
      }
      return
    }
    if !online { note("1.8", step, "pushed \(operation.entityType.rawValue) \(operation.entityId) offline") }
    if let failed = failedAt[id], now.timeIntervalSince(failed) < 300 {
      note(
        "1.8", step,
        "retried \(operation.entityType.rawValue) \(operation.entityId) "
          + "\(Int(now.timeIntervalSince(failed))) s after it failed, the network never having dropped: "
          + "a retry comes at its interval or when the network returns")
    }
    dueAtReconnect?.remove(id)
    failedAt[id] = nil
    let failure: SyncError? = if case .failure(let error) = outcome.result { error } else { nil }
    app.push(id, to: &cloud, failure: failure, now: now)
    guard failure != nil else { return }
    failedAt[id] = now
    let state = app.queue.state(of: id)
    switch state {
    case .pending?, .failed?: break
    default:
      note(
        "1.1", step,
        "a push of \(operation.entityType.rawValue) \(operation.entityId) failed (\(outcome.rawValue)) and is "
          + "\(state.map(String.init(describing:)) ?? "gone from the queue"): a failed push stays queued")
    }
  }

  /// The status the UI shows, against seed 004's 1.8: the network first, then the queue.
  private mutating func judgeStatus(at step: Int?) {
    let queue = app.queue
    let expected: WorkoutSyncStatus =
      !online
      ? .offline
      : !queue.failed.isEmpty ? .failed : !queue.pending.isEmpty || queue.inFlight != nil ? .syncing : .synced
    guard app.status != expected else { return }
    note(
      "1.8", step,
      "the app shows \(app.status.rawValue) with the network \(online ? "up" : "down"), "
        + "\(queue.pending.count) push(es) waiting and \(queue.failed.count) kept for the user: it must show "
        + expected.rawValue)
  }

  /// The network returns and every push goes through, the clock moving to each retry; then the cloud is read.
  private mutating func quietSpell() {
    if !online {
      online = true
      app.networkChanged(online: true)
    }
    retries: for _ in 0..<100 {
      switch app.next(now: now) {
      case .upload(let id, _): app.push(id, to: &cloud, failure: nil, now: now)
      case .wait(let until): now = max(now, until)
      case .idle, .paused: break retries
      }
    }
    judgeStatus(at: nil)
    if let left = app.queue.pending.first {
      note(
        "1.1", nil, "once quiet, a push of \(left.operation.entityId) is still waiting: the retry never came")
    }
    for key in created.sorted() {
      let kept = app.queue.failed.contains { Self.names(key, $0.operation) }
      guard !kept else { continue }
      let local = app.templates[key]?.contentHash ?? app.sessions[key]?.contentHash
      let remote = cloud.templates[key]?.contentHash ?? cloud.sessions[key]?.contentHash
      if local != remote {
        note(
          "1.1", nil,
          "once quiet the device holds \(key) \(local == nil ? "deleted" : "saved") and the cloud "
            + (remote == nil ? "holds none of it" : "another version"))
      }
    }
  }
}
