import CountMeContract
import CountMeCore
import Foundation

/// The system's queue, asked for its next action by user through `SyncQueueing`'s own default.
///
/// The system's queue, asked for its next action by user through `SyncQueueing`'s own default
/// (CountMeCore's `nextIgnoringOwners`: signed in exactly when a user is given), whatever the
/// queue's type overrides it with.
///
/// Every other member is the queue's own.
///
/// The simulator has one user, whose operations are all of them, so there the default's answer is
/// the documented one, and the queue properties judge it (P17 first: signed out, it must pause). An
/// app's queue that keeps users apart overrides it, and the engine's worlds judge that; a queue that
/// does not gets this default, so the properties must run it (`==` for its `!=` would let a
/// signed-out device upload).
struct DefaultUserNextQueue: ForwardingQueue {
  /// The queue the system made or loaded.
  var base: any SyncQueueing

  package init(_ base: any SyncQueueing) { self.base = base }

  mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    nextIgnoringOwners(now: now, online: online, user: user)
  }
}
