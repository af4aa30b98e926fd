import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `WorkoutApp` with one bug in a save, a push's outcome, the network or the status.
///
/// CountMeCore's `WorkoutApp` with one bug: a save whose push it never queues, a failed push
/// reported to the queue as done, the network's return never passed on to the queue, or a status
/// that leaves out the network or the pushes kept for the user.
///
/// NB: the steps reach the reference's own state through `WorkoutApp`'s `package` setters (its
/// queue, its network), never restated.
struct MutantWorkoutApp: WorkoutAppUnderTest {
  let bug: WorkoutMutant.Bug
  var app: WorkoutApp

  var templates: [WorkoutKey: WorkoutTemplate] { app.templates }
  var sessions: [WorkoutKey: WorkoutSession] { app.sessions }
  var queue: any SyncQueueing { app.queue }

  var status: WorkoutSyncStatus {
    let shown = app.status
    switch (bug, shown) {
    case (.statusIgnoresNetwork, .offline):
      var online = app
      online.online = true  // the reference's status, the network left out
      return online.status
    case (.statusHidesManualIntervention, .failed): return .synced
    default: return shown
    }
  }

  mutating func save(_ template: WorkoutTemplate, now: Date) -> Bool {
    saving { $0.save(template, now: now) }
  }

  mutating func save(_ session: WorkoutSession, now: Date) -> Bool {
    saving { $0.save(session, now: now) }
  }

  /// `save` on the app; with `saveNotQueued`, the queue as it was before it.
  private mutating func saving(_ save: (inout WorkoutApp) -> Bool) -> Bool {
    let queue = app.queue
    guard save(&app) else { return false }
    if bug == .saveNotQueued { app.queue = queue }
    return true
  }

  mutating func delete(_ key: WorkoutKey, now: Date) { app.delete(key, now: now) }

  mutating func networkChanged(online: Bool) {
    if bug == .appReconnectUntold { app.online = online } else { app.networkChanged(online: online) }
  }

  mutating func next(now: Date) -> QueueAction { app.next(now: now) }

  mutating func push(_ id: OperationID, to cloud: inout WorkoutCloud, failure: SyncError?, now: Date) {
    guard bug == .failedPushDropped, failure != nil else {
      return app.push(id, to: &cloud, failure: failure, now: now)
    }
    app.queue.complete(id, with: .success(()), now: now)  // taken as done; the cloud untouched
  }
}
