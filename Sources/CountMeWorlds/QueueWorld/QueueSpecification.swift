import CountMeContract
import CountMeCore
import Foundation

/// The queue's rules as the specification states them, written out once for the judges.
///
/// The queue's rules as the specification and `RetryPolicy`'s documentation state them, written
/// out once for the judges (and the simulator's safety limit) and never asked of the code under
/// test.
package enum QueueSpecification {
  /// Processing order, oldest first: by timestamp, then by the order enqueued (id).
  ///
  /// The newer of two operations of an entity supersedes the older; at capacity the oldest is dropped.
  ///
  /// NB: by the ids' numbers, not `OperationID`'s `<`, which `declaredOrderProblem` judges.
  package static func precedes(_ a: (Date, OperationID), _ b: (Date, OperationID)) -> Bool {
    a.0 != b.0 ? a.0 < b.0 : a.1.rawValue < b.1.rawValue
  }

  /// Where the orders CountMeCore declares for two operations differ from the documented ones.
  ///
  /// Where the orders CountMeCore declares for two operations (`Comparable`, the order reports and
  /// files list them in) differ from the documented ones, which are strict: `OperationID` by its
  /// number, `EntityKey` by the entity type's name, then the entity id, and the keys' documents'
  /// `DocumentPath` by user, collection, then document id.
  ///
  /// Nil when they agree.
  package static func declaredOrderProblem(_ a: (OperationID, EntityKey), _ b: (OperationID, EntityKey))
    -> String?
  {
    let ((idA, keyA), (idB, keyB)) = (a, b)
    if idA < idA { return "\(idA) sorts before itself" }
    if (idA < idB) != (idA.rawValue < idB.rawValue) || (idB < idA) != (idB.rawValue < idA.rawValue) {
      return "\(idA) and \(idB) do not sort in the order of their numbers"
    }
    func documented(_ x: EntityKey, _ y: EntityKey) -> Bool {
      let (typeX, typeY) = (x.entityType.rawValue, y.entityType.rawValue)
      return typeX != typeY ? typeX < typeY : x.entityId < y.entityId
    }
    if keyA < keyA { return "the key of \(keyA.entityType.rawValue) \(keyA.entityId) sorts before itself" }
    if (keyA < keyB) != documented(keyA, keyB) || (keyB < keyA) != documented(keyB, keyA) {
      return "the keys of \(keyA.entityType.rawValue) \(keyA.entityId) and \(keyB.entityType.rawValue) "
        + "\(keyB.entityId) do not sort by type, then id"
    }
    // Their documents' paths, by user, collection, then document id, as the path's fields read.
    let (pathA, pathB) = (DocumentPath(uid: "uid", key: keyA), DocumentPath(uid: "uid", key: keyB))
    func documented(_ x: DocumentPath, _ y: DocumentPath) -> Bool {
      (x.uid, x.collection, x.documentId) < (y.uid, y.collection, y.documentId)
    }
    if pathA < pathA { return "the path \(pathA) sorts before itself" }
    if (pathA < pathB) != documented(pathA, pathB) || (pathB < pathA) != documented(pathB, pathA) {
      return "the paths \(pathA) and \(pathB) do not sort by user, collection, then document id"
    }
    return nil
  }

  /// What is wrong with a `retryFailed(id)` call that answered `accepted`, given the operation's
  /// states before and after; nil when nothing.
  ///
  /// The rule: true exactly for an operation in the failed list, which goes back to the queue (pending, or at
  /// once superseded or dropped like any admitted operation); a refused call moves nothing.
  package static func retryProblem(
    _ id: OperationID, before: OperationState?, accepted: Bool, after: OperationState?
  ) -> String? {
    let wasFailed: Bool
    if case .failed? = before { wasFailed = true } else { wasFailed = false }
    if accepted != wasFailed { return "retryFailed(\(id)) said \(accepted) for an operation \(before.text)" }
    if !accepted {
      return after == before
        ? nil : "retryFailed(\(id)) refused, yet moved it from \(before.text) to \(after.text)"
    }
    switch after {
    case .pending?, .superseded?, .dropped?: return nil
    default: return "retryFailed(\(id)) took it back, and it is \(after.text)"
    }
  }

  /// What is wrong with a `remove(id, reason:)` call that answered `accepted`, given the
  /// operation's states before and after; nil when nothing.
  ///
  /// The rule: true exactly for a pending or failed operation, which is then recorded removed with `reason`;
  /// a refused call (in flight, ended, unknown) moves nothing.
  package static func removeProblem(
    _ id: OperationID, reason: String, before: OperationState?, accepted: Bool, after: OperationState?
  ) -> String? {
    let removable: Bool
    switch before {
    case .pending?, .failed?: removable = true
    default: removable = false
    }
    if accepted != removable { return "remove(\(id)) said \(accepted) for an operation \(before.text)" }
    if !accepted {
      return after == before
        ? nil : "remove(\(id)) refused, yet moved it from \(before.text) to \(after.text)"
    }
    return after == .removed(reason: reason)
      ? nil : "remove(\(id)) took it out, and it is \(after.text), not removed (\(reason))"
  }

  /// The capacity a queue given `capacity` has: at least 1.
  ///
  /// The capacity a queue given `capacity` has, as `SyncQueue.init` documents it: a capacity below
  /// 1 counts as 1 (a queue always has room for the change being made).
  package static func capacity(_ capacity: Int) -> Int { max(capacity, 1) }

  /// The capacity of a queue made with no settings (`SyncQueue()`): requirement 7.1's cap of 1,000.
  package static let defaultCapacity = 1_000
  /// The retry policy of a queue made with no settings.
  ///
  /// As `RetryPolicy.init`'s documented defaults give it: 1 s before the first retry, at most 60 s between
  /// attempts, 6 retries.
  static let defaultPolicy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 6)

  /// Retries as a policy documents them: `maxRetries` counted from 0 to 1,000,000.
  package static func retries(_ policy: RetryPolicy) -> Int { min(max(policy.maxRetries, 0), mostRetries) }

  /// The most retries any policy gives, as `RetryPolicy` documents it.
  static let mostRetries = 1_000_000
  /// The most attempts an operation can make, so the most a queue file may record: the first and
  /// every retry of the most generous policy.
  package static let mostAttempts = mostRetries + 1
  /// The largest `nextID` a queue file may hold.
  ///
  /// As `QueueSnapshot.decode` documents it: half the id space (2⁶³ − 1), the other half left for the ids
  /// still to come.
  package static let mostNextID = Int64.max
  /// The `nextID` above which a launch renumbers a loaded file's operations.
  ///
  /// The `nextID` above which a launch renumbers a loaded file's operations 1, 2, … in the order of
  /// their ids, as `QueueSnapshot.decode` documents it: half of `mostNextID` (2⁶² − 1), so a queue
  /// loaded from a file at the limit never writes one past it.
  package static let renumberedAbove = mostNextID / 2

  /// The delay before retry `n` (0-based): min(initialDelay × 2ⁿ, maxDelay), clamped.
  ///
  /// The delay before retry `n` (0-based): min(initialDelay × 2ⁿ, maxDelay), each delay clamped as
  /// the policy documents (NaN or negative is 0, more than a year is a year).
  package static func delay(_ policy: RetryPolicy, beforeRetry n: Int) -> Double {
    func clamped(_ seconds: Double) -> Double { seconds.isNaN || seconds < 0 ? 0 : min(seconds, 31_536_000) }
    let initial = clamped(policy.initialDelay)
    let cap = clamped(policy.maxDelay)
    return initial == 0 ? 0 : min(initial * pow(2, Double(n)), cap)
  }

  /// The failures the specification calls transient.
  ///
  /// The failures the specification calls transient (8.1): the network dropped, the cloud was
  /// unavailable, or the call timed out (a lost acknowledgement looks so); and the device's store could not be read for the upload.
  ///
  /// Every other error is permanent, and retrying it breaks the property.
  package static func isTransient(_ error: SyncError) -> Bool {
    switch error {
    case .networkUnavailable, .cloudUnavailable, .deadlineExceeded, .localStoreUnavailable: return true
    default: return false
    }
  }
}
