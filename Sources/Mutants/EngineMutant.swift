import CountMeContract
import CountMeCore
import Foundation

/// CountMeCore's engine with one bug in what it is handed or what it leaves on disk.
///
/// CountMeCore's engine with one bug in what it is handed (its cloud, its queues, the local store
/// it reads) or in what it leaves on disk (`MutantEngine`): the reference runs unchanged.
struct EngineMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// The upload's `setDocument` call is gone: operations succeed and nothing reaches the cloud.
    case neverSets
    /// No change is saved: a restart finds the file of an earlier launch, or none.
    case savesNothing
    /// A damaged file is copied aside, not moved: it stays at the queue's path.
    case quarantineCopies
    /// A damaged file always goes to `.corrupt-1`, over whatever an earlier launch put there.
    case quarantineOverwritesFirst
    /// A queue trimmed on load (a lower capacity) is not saved until the next change.
    case trimNotSaved
    /// A retried operation goes back to the queue, and the file is not told until the next change.
    case retryNotSaved
    /// The queue is copied when an upload starts and the copy written back when it ends: whatever
    /// another caller did meanwhile (an enqueue) is lost.
    case queueCopiedAcrossAwait
    /// Uploads go to whoever is signed in, whoever's operations they are.
    ///
    /// The queue is asked only whether someone is signed in, and uploads go to whoever that is: the
    /// previous user's operations are sent as, and into the documents of, the next user.
    case uploadsAsWhoeverIsSignedIn
    /// A read of the local store that fails is taken as "the entity is gone": the upload is skipped
    /// and the operation succeeds.
    case unreadableIsGone
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest {
    let read = setup.documentFor
    let unreadableIsGone: @Sendable (SyncOperation) async throws -> CloudDocument? = { operation in
      (try? await read(operation)) ?? nil
    }
    let cloud: any CloudStore =
      switch bug {
      case .neverSets: CloudWithoutSets(base: setup.cloud)
      case .uploadsAsWhoeverIsSignedIn: CloudOfTheCaller(base: setup.cloud)
      default: setup.cloud
      }
    let handed = EngineSetup(
      capacity: setup.capacity, policy: setup.policy, cloud: cloud, clock: setup.clock, file: setup.file,
      documentFor: bug == .unreadableIsGone ? unreadableIsGone : read)
    let queues: any QueueLayer =
      bug == .queueCopiedAcrossAwait || bug == .uploadsAsWhoeverIsSignedIn
      ? EngineMutantQueues(bug: bug) : reference
    switch bug {
    case .savesNothing, .trimNotSaved, .retryNotSaved, .quarantineCopies, .quarantineOverwritesFirst:
      let disk = MutantEngine.Disk(file: setup.file, bug: bug)
      return MutantEngine(bug, base: ReferenceEngine(queues: queues).makeEngine(handed), disk: disk)
    default: return ReferenceEngine(queues: queues).makeEngine(handed)
    }
  }
}

/// A cloud that answers every write with success and keeps none: `EngineMutant.Bug.neverSets`.
private struct CloudWithoutSets: CloudStore {
  let base: any CloudStore

  func setDocument(_ document: CloudDocument, at path: DocumentPath, as uid: String) async throws {}
  func getDocument(at path: DocumentPath, as uid: String) async throws -> CloudDocument? {
    try await base.getDocument(at: path, as: uid)
  }
  func deleteDocument(at path: DocumentPath, as uid: String) async throws {
    try await base.deleteDocument(at: path, as: uid)
  }
}

/// A cloud whose every call lands in the caller's own documents, whoever's the path names:
/// `EngineMutant.Bug.uploadsAsWhoeverIsSignedIn`.
private struct CloudOfTheCaller: CloudStore {
  let base: any CloudStore

  func setDocument(_ document: CloudDocument, at path: DocumentPath, as uid: String) async throws {
    try await base.setDocument(document, at: Self.callers(path, uid), as: uid)
  }
  func getDocument(at path: DocumentPath, as uid: String) async throws -> CloudDocument? {
    try await base.getDocument(at: Self.callers(path, uid), as: uid)
  }
  func deleteDocument(at path: DocumentPath, as uid: String) async throws {
    try await base.deleteDocument(at: Self.callers(path, uid), as: uid)
  }

  static func callers(_ path: DocumentPath, _ uid: String) -> DocumentPath {
    DocumentPath(uid: uid, collection: path.collection, documentId: path.documentId)
  }
}

/// The reference's queues, each wrapped in an `EngineMutantQueue` with the engine's queue bug.
private struct EngineMutantQueues: ReferenceForwarding {
  let bug: EngineMutant.Bug

  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    EngineMutantQueue(bug: bug, base: reference.makeQueue(capacity: capacity, policy: policy))
  }

  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    let (queue, corrupted) = reference.loadQueue(data, capacity: capacity, policy: policy)
    return (EngineMutantQueue(bug: bug, base: queue), corrupted)
  }
}

/// The reference queue as a buggy engine drives it: everything but the bug's calls is forwarded.
private struct EngineMutantQueue: ForwardingQueue {
  let bug: EngineMutant.Bug
  var base: any SyncQueueing
  /// The queue as it was when the upload in flight started (`queueCopiedAcrossAwait`).
  private var copy: (any SyncQueueing)?

  init(bug: EngineMutant.Bug, base: any SyncQueueing) {
    self.bug = bug
    self.base = base
  }

  mutating func next(now: Date, online: Bool, user: String?) -> QueueAction {
    guard bug == .uploadsAsWhoeverIsSignedIn else {
      let action = base.next(now: now, online: online, user: user)
      if case .upload = action { copy = base }
      return action
    }
    return nextIgnoringOwners(now: now, online: online, user: user)
  }

  mutating func complete(_ id: OperationID, with result: Result<Void, SyncError>, now: Date) {
    if bug == .queueCopiedAcrossAwait, let copy {
      base = copy
      self.copy = nil
    }
    base.complete(id, with: result, now: now)
  }
}
