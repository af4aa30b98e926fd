import CountMeCore
import Foundation

extension MutantCollectionSync {
  /// Reports the download, its documents renamed as the bug reads their paths.
  mutating func downloaded(_ result: Result<[CloudChange], SyncError>, now: Date) {
    let skippedBefore = sync.skipped.count
    take(result.map { $0.map(renamed) })
    // A document skipped is reported at the path it was read from, before the bug renamed it.
    guard case .success(let changes) = result, sync.skipped.count > skippedBefore else { return }
    for index in skippedBefore..<sync.skipped.count {
      let skipped = sync.skipped[index]
      guard let change = changes.first(where: { $0.revision == skipped.revision }) else { continue }
      sync.skipped[index] = SkippedDocument(
        path: change.path, revision: skipped.revision, reason: skipped.reason)
    }
  }

  /// Hands the download to the sync whole, or one document at a time when the bug changes what one
  /// document does.
  private mutating func take(_ result: Result<[CloudChange], SyncError>) {
    guard case .success(let changes) = result, takesOneAtATime else {
      return lensed(downloading: true) { $0.downloaded(result) }
    }
    let ordered = changes.sorted { $0.revision < $1.revision }
    if bug == .unreadableStopsDownload { sync.cursor = max(sync.cursor, ordered.last?.revision ?? 0) }
    for change in ordered {
      if overrides(change) {
        sync.cursor = max(sync.cursor, change.revision)
        continue
      }
      let before = sync
      sync.downloaded(.success([change]))
      if sync.skipped.count > before.skipped.count {
        guard unread(change, before: before) else { break }
      } else {
        keepLocalWinner(change, before: before)
      }
    }
    sync.downloaded(.success([]))  // the pass goes on to its uploads
  }

  /// Whether the bug changes what one document of a download does.
  private var takesOneAtATime: Bool {
    switch bug {
    case .keepsWinnerLocal, .winnerStaysSynced, .unreadableStopsDownload, .unreadableDeletesLocal,
      .neverRepairs,
      .downloadOverwritesLocal, .tieKeepsLocal:
      return true
    default: return false
    }
  }

  /// `change` at the path the bug reads it from.
  ///
  /// By any spelling of its entity's id (`documentsNamedByID`, for which no other name reads), or, for the
  /// goal, at any name (`anyProfileDocumentIsTheGoal`).
  private func renamed(_ change: CloudChange) -> CloudChange {
    let path = change.path
    let name: String
    switch bug {
    case .anyProfileDocumentIsTheGoal where Entity.entityType == .userGoal:
      name = Entity.documentId(of: UserGoal.singletonID)
    case .documentsNamedByID:
      let id = UUID(uuidString: path.documentId)
      let canonical = id.map(Entity.documentId(of:))
      if let canonical, Entity.entityId(ofDocument: canonical) == id {
        name = canonical
      } else {
        name = path.documentId + "\u{0}"  // a name no document of the collection has
      }
    default: return change
    }
    return CloudChange(
      revision: change.revision,
      path: DocumentPath(uid: path.uid, collection: path.collection, documentId: name),
      document: change.document)
  }

  /// Takes `change` the bug's way instead of the sync's, if the bug does: true when it did.
  private mutating func overrides(_ change: CloudChange) -> Bool {
    guard bug == .downloadOverwritesLocal || bug == .tieKeepsLocal,
      !Tombstone.isTombstone(change.document.fields),
      let theirs = try? Entity.fromFirestoreData(change.document.fields),
      Entity.entityId(ofDocument: change.path.documentId) == theirs.id
    else { return false }
    let id = theirs.id
    if bug == .downloadOverwritesLocal {
      guard sync.store.deleted[id] == nil else { return false }
      sync.store.live[id] = theirs
      return true
    }
    guard let mine = sync.store.live[id], mine.lastModified == theirs.lastModified else { return false }
    if !mine.hasSameContent(as: theirs) { sync.requeue(.update, id, mine.lastModified) }
    return true
  }

  /// An unreadable `change`, which the sync skipped and repaired from `before`, redone the bug's
  /// way; false when the download stops there.
  private mutating func unread(_ change: CloudChange, before: CollectionSync<Entity>) -> Bool {
    switch bug {
    case .unreadableStopsDownload:
      sync = before
      return false
    case .unreadableDeletesLocal:
      guard let id = Entity.entityId(ofDocument: change.path.documentId) else { return true }
      sync = before
      sync.store.delete(id, now: Date(timeIntervalSince1970: 0))
      sync.downloaded(.success([change]))
    case .neverRepairs:
      let (skipped, cursor) = (sync.skipped, sync.cursor)
      sync = before
      (sync.skipped, sync.cursor) = (skipped, cursor)
    default: break
    }
    return true
  }

  /// A local version or deletion that beat `change`, left as the bug leaves it.
  ///
  /// Not queued (`keepsWinnerLocal`), and marked as it was rather than `pendingUpload`.
  private mutating func keepLocalWinner(_ change: CloudChange, before: CollectionSync<Entity>) {
    guard bug == .keepsWinnerLocal || bug == .winnerStaysSynced else { return }
    if bug == .keepsWinnerLocal { sync.queue = before.queue }  // a readable document queues only a winner
    guard !Tombstone.isTombstone(change.document.fields),
      let theirs = try? Entity.fromFirestoreData(change.document.fields),
      let kept = sync.store.live[theirs.id], !kept.hasSameContent(as: theirs),
      let status = before.store.live[theirs.id]?.syncStatus
    else { return }
    sync.store.live[theirs.id]?.syncStatus = status
  }
}
