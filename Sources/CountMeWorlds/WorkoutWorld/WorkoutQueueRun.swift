import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators

/// A `WorkoutQueueScenario` run against the system's queue under the workout policy.
///
/// Each answer of the queue checked against seed 004's queue rules as written there: what W1.2, W1.3 and W1.8
/// judge.
///
/// The rules are restated here from the seed, not read from `QueueRules`: at most 5 attempts
/// (`retryCount < 5`), then kept as needing manual intervention; a decoding failure removed at once
/// with its reason; a retry 300 s after a failure, constant; the due operation of the most urgent
/// type first, the oldest first within it; nothing while offline; every waiting operation due when
/// the network returns.
///
/// The model follows what the queue did, not what it should have done (an operation sent too soon
/// is in flight all the same), so one broken rule doesn't hide a later break of another: each
/// finding is named by the rule it breaks, and each property reports its own rule's first.
package struct WorkoutQueueRun {
  /// One departure from the rules.
  package struct Finding {
    /// The seed section broken: "1.2", "1.3" or "1.8".
    let rule: String
    /// The step where it happened.
    package let step: Int
    /// What happened, against what the rule says.
    package let text: String
  }

  /// Seed 004's priority order (1.3), most urgent first.
  package static let priority: [EntityType] = [
    .setData, .session, .userProfile, .customExercise, .module, .workout, .program, .scheduledWorkout,
  ]
  /// The most attempts (1.2: attempted while `retryCount < maxRetries`, `maxRetries = 5`).
  static let maxAttempts = 5
  /// The retry interval (1.2: the 300 s background polling).
  static let retryInterval: TimeInterval = 300

  /// What the model knows of one queued operation.
  private struct Item {
    let name: String
    let type: EntityType
    let order: Int
    var attempts = 0
    /// When it may be attempted again; nil when it may go at once.
    var dueAt: Date?
    /// Whether it was made due by the network's return rather than by its interval passing.
    var dueByReconnect = false
    /// Still to be sent: not succeeded, discarded or out of attempts.
    var waiting = true
    /// Out of attempts: to be kept, needing manual intervention.
    var kept = false

    var rank: Int { WorkoutQueueRun.priority.firstIndex(of: type) ?? WorkoutQueueRun.priority.count }
  }

  private(set) var findings: [Finding] = []
  private var items: [OperationID: Item] = [:]
  /// The ids in the order they were enqueued (the model's iteration order, never a dictionary's).
  private var ids: [OperationID] = []

  /// Runs `scenario` on a new queue of `system`'s under the workout policy.
  package init(_ scenario: WorkoutQueueScenario, _ system: SystemLayers) {
    var queue = system.workoutSync.makeQueue(under: SyncPolicy.workout)
    var now = Gen.workoutEpoch
    var online = true
    for (index, step) in scenario.steps.enumerated() {
      switch step {
      case .enqueue(let type):
        let name = "\(type.rawValue) \(ids.count + 1)"
        let id = queue.enqueue(
          SyncOperation(.update, entityId: "w\(ids.count + 1)", entityType: type, timestamp: now))
        ids.append(id)
        items[id] = Item(name: name, type: type, order: ids.count)
      case .wait(let seconds):
        now = now.addingTimeInterval(Double(seconds))
      case .offline:
        online = false
      case .online:
        guard !online else { continue }
        online = true
        queue.networkReturned()
        for id in ids where items[id]?.waiting == true {
          if let due = items[id]?.dueAt, due > now { items[id]?.dueByReconnect = true }
          items[id]?.dueAt = nil
        }
      case .restart:
        let (restored, corrupted) = system.workoutSync.restoreQueue(
          from: queue.snapshot().encoded(), under: SyncPolicy.workout)
        queue = restored
        judgeRestart(of: queue, corrupted: corrupted, at: index)
      case .process(let outcome):
        let action = queue.next(now: now, online: online, signedIn: true)
        judge(action, at: index, now: now, online: online)
        guard case .upload(let id, _) = action else { continue }
        queue.complete(id, with: outcome.result, now: now)
        judgeCompletion(of: id, outcome, in: queue, at: index, now: now)
      }
    }
  }

  /// The first finding of `rule`, if any.
  package func first(_ rule: String) -> Finding? { findings.first { $0.rule == rule } }

  private mutating func note(_ rule: String, _ step: Int, _ text: String) {
    findings.append(Finding(rule: rule, step: step, text: text))
  }

  private func name(_ id: OperationID) -> String { items[id]?.name ?? "operation \(id)" }

  /// The operation the rules send next at `now`: the due one of the most urgent type, the oldest
  /// of its type first.
  private func expected(now: Date) -> OperationID? {
    ids.filter { id in items[id].map { $0.waiting && ($0.dueAt ?? now) <= now } ?? false }
      .min { a, b in
        guard let x = items[a], let y = items[b] else { return false }
        return (x.rank, x.order) < (y.rank, y.order)
      }
  }

  /// The earliest time a waiting operation is due again.
  private func earliestDue() -> Date? {
    ids.compactMap { id in items[id].flatMap { $0.waiting ? $0.dueAt : nil } }.min()
  }

  private mutating func judge(_ action: QueueAction, at step: Int, now: Date, online: Bool) {
    guard online else {
      if action != .paused {
        note("1.8", step, "offline, the queue answered \(describe(action)), not a pause")
      }
      return
    }
    let expected = expected(now: now)
    switch action {
    case .upload(let id, _):
      guard let item = items[id] else { return note("1.2", step, "sent \(id), an operation never queued") }
      if !item.waiting {
        note(
          "1.2", step,
          item.attempts >= Self.maxAttempts
            ? "attempt \(item.attempts + 1) of \(item.name): 5 attempts is the most, then it needs manual intervention"
            : "sent \(item.name) again, which had ended")
      } else if let due = item.dueAt, due > now {
        note(
          "1.2", step,
          "retried \(item.name) \(Int(now.timeIntervalSince(due) + Self.retryInterval)) s after it failed, before the 300 s interval"
        )
      } else if let expected, expected != id {
        note(
          "1.3", step,
          "sent \(item.name) while \(name(expected)) was due: \(items[expected]?.type.rawValue ?? "") goes first"
            + (items[expected]?.type == item.type ? " (the oldest of a type first)" : ""))
      }
      items[id]?.attempts += 1
      items[id]?.dueAt = nil
      items[id]?.dueByReconnect = false
    case .wait, .idle, .paused:
      if let expected, let item = items[expected] {
        let rule = item.dueByReconnect ? "1.8" : item.attempts > 0 ? "1.2" : "1.3"
        let why =
          item.dueByReconnect
          ? "the network returned, so it is retried at once"
          : item.attempts > 0
            ? "its retry is due 300 s after the failure" : "it was queued and nothing else is sent"
        return note(rule, step, "\(describe(action)) while \(item.name) was due: \(why)")
      }
      let due = earliestDue()
      switch action {
      case .wait(let until) where until != due:
        note(
          "1.2", step,
          "waits until \(FirestoreTime.text(until)); the 300 s interval makes the next retry due at "
            + (due.map(FirestoreTime.text) ?? "no time (nothing waits)"))
      case .idle where due != nil:
        note("1.2", step, "idle while a retry is due at \(due.map(FirestoreTime.text) ?? "")")
      case .paused: note("1.8", step, "paused while online")
      default: break
      }
    }
  }

  /// After a restart every operation the model holds is where it was.
  ///
  /// One waiting still pending, its attempts counted; one out of attempts still kept failed.
  private mutating func judgeRestart(of queue: any SyncQueueing, corrupted: String?, at step: Int) {
    if let corrupted { return note("1.2", step, "the queue it saved did not load: \(corrupted)") }
    for id in ids {
      guard let item = items[id] else { continue }
      if item.waiting {
        guard let held = queue.pending.first(where: { $0.id == id }) else {
          return note("1.2", step, "\(item.name), still to be sent, is gone after the restart")
        }
        if held.attempts != item.attempts {
          return note(
            "1.2", step,
            "\(item.name) made \(item.attempts) attempts, and the restarted queue counts \(held.attempts)")
        }
      } else if item.kept, !queue.failed.contains(where: { $0.id == id }) {
        return note("1.2", step, "\(item.name), kept for manual intervention, is gone after the restart")
      }
    }
  }

  private mutating func judgeCompletion(
    of id: OperationID, _ outcome: WorkoutQueueScenario.Outcome, in queue: any SyncQueueing, at step: Int,
    now: Date
  ) {
    guard let item = items[id] else { return }
    let state = queue.state(of: id)
    let seen = state.map(String.init(describing:)) ?? "unknown to the queue"
    switch outcome {
    case .success:
      items[id]?.waiting = false
    case .undecodable:
      items[id]?.waiting = false
      guard case .removed(let reason)? = state, reason.contains("decoding") else {
        return note(
          "1.2", step,
          "\(item.name) failed to decode and is \(seen): a decoding failure is removed at once, its reason recorded"
        )
      }
    case .unavailable, .denied:
      if item.attempts >= Self.maxAttempts {
        items[id]?.waiting = false
        items[id]?.kept = true
        guard case .failed? = state, queue.failed.contains(where: { $0.id == id }) else {
          return note(
            "1.2", step,
            "\(item.name) failed its attempt \(item.attempts) and is \(seen): it must be kept, needing manual intervention"
          )
        }
      } else {
        items[id]?.dueAt = now.addingTimeInterval(Self.retryInterval)
        guard case .pending? = state else {
          return note(
            "1.2", step,
            "\(item.name) failed attempt \(item.attempts) of 5 (\(outcome.rawValue)) and is \(seen): it is retried"
          )
        }
      }
    }
  }

  private func describe(_ action: QueueAction) -> String {
    switch action {
    case .upload(let id, _): return "send \(name(id))"
    case .wait(let until): return "wait until \(FirestoreTime.text(until))"
    case .paused: return "paused"
    case .idle: return "idle"
    }
  }
}
