import CountMeContract
import CountMeCore
import Foundation

/// The queue a device-sync mutant hands `CollectionSync` for one call, changing the operations that go in.
///
/// The queue a device-sync mutant hands CountMeCore's `CollectionSync` for the length of one call:
/// the operations go in changed as the bug changes them (kind, stamp, type or document id), and the
/// sync sees them back as it made them.
struct DeviceSyncQueueLens<Entity: CloudSyncedEntity>: ForwardingQueue {
  var base: any SyncQueueing
  let bug: DeviceSyncMutant.Bug
  /// Whether the call is a local edit (not a download's or a migration's upload).
  var editing = false
  /// The stamp the call's operation carries instead of the one the sync gave it.
  var stamp: Date?
  /// Whether the call is a download, whose winners the sync re-queues.
  var downloading = false

  /// The bugs that need the lens.
  static func changes(_ bug: DeviceSyncMutant.Bug) -> Bool {
    switch bug {
    case .editsQueuedAsCreates, .changesStampedAtNow, .stampsToTheNanosecond, .stampsIgnoreResolution,
      .queuedAsFoodItems, .documentsNamedByID, .winnerCutsBackoff, .updatesNotUploaded:
      return true
    default: return false
    }
  }

  var pending: [QueuedOperation] {
    // A download's winner is queued even when an upload of it waits out its backoff.
    guard !(downloading && bug == .winnerCutsBackoff) else { return [] }
    return base.pending.map { queued in
      QueuedOperation(
        id: queued.id, operation: presented(queued.operation), attempts: queued.attempts,
        notBefore: queued.notBefore, lastError: queued.lastError)
    }
  }

  mutating func enqueue(_ operation: SyncOperation) -> OperationID {
    let kind = editing && bug == .editsQueuedAsCreates ? .create : operation.kind
    let type = bug == .queuedAsFoodItems ? .foodItem : operation.entityType
    let id =
      bug == .documentsNamedByID
      ? Entity.entityId(ofDocument: operation.entityId)?.uuidString ?? operation.entityId : operation.entityId
    return base.enqueue(
      SyncOperation(
        kind, entityId: id, entityType: type, timestamp: stamp ?? operation.timestamp, owner: operation.owner)
    )
  }

  mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    while true {
      let action = base.next(now: now, online: online, user: user)
      guard case .upload(let id, let operation) = action else { return action }
      guard bug == .updatesNotUploaded, operation.kind == .update else {
        return .upload(id, presented(operation))
      }
      base.complete(id, with: .success(()), now: now)  // marked sent, never sent
    }
  }

  /// `operation` as the sync made it: named by its canonical document id.
  private func presented(_ operation: SyncOperation) -> SyncOperation {
    guard bug == .documentsNamedByID, let id = UUID(uuidString: operation.entityId) else { return operation }
    return SyncOperation(
      operation.kind, entityId: Entity.documentId(of: id), entityType: operation.entityType,
      timestamp: operation.timestamp, owner: operation.owner)
  }
}
