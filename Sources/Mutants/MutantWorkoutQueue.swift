import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's `SyncQueue` under the workout rules, driven with one of `WorkoutMutant`'s queue bugs.
///
/// CountMeCore's `SyncQueue` under the workout rules with one of `WorkoutMutant`'s queue bugs in how
/// it is driven: everything but the one call is forwarded.
struct MutantWorkoutQueue: ForwardingQueue {
  let bug: WorkoutMutant.Bug
  var base: any SyncQueueing

  mutating func next(now: Date, online: Bool, signedIn: Bool) -> QueueAction {
    base.next(now: now, online: online || bug == .sendsOffline, signedIn: signedIn)
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    base.complete(id, with: result, now: now)
    if bug == .exhaustedDeleted, case .failed? = base.state(of: id) {
      _ = base.remove(id, reason: "out of attempts")
    }
  }
}
