import Foundation

/// Time for the sync engine: the real clock in the app, a virtual one in tests.
public protocol SyncClock: Sendable {
  func now() async -> Date
  /// Returns at `deadline` (at once if it has passed). A virtual clock moves time instead of sleeping.
  func sleep(until deadline: Date) async
}

/// Drives a `SyncQueueing` against a `CloudStore`: the thin shell around the state machine.
///
/// Everything that decides lives in the queue; the engine only performs the queue's actions and
/// feeds back the results. Persistence goes through `QueueFile` after every change.
public actor SyncEngine<Queue: SyncQueueing> {
  /// The queue it drives.
  public private(set) var queue: Queue
  private let cloud: any CloudStore
  private let clock: any SyncClock
  private let file: QueueFile?
  /// The local data to upload for an operation, read at upload time.
  ///
  /// The local data to upload for an operation, read at upload time (nil when the entity no longer
  /// exists locally); throws when the local store cannot be read just now.
  private let documentFor: @Sendable (SyncOperation) async throws -> CloudDocument?
  private var online = true
  private var uid: String?
  /// What happened to a corrupted queue file at start, if anything.
  public let loadReport: QueueFile.LoadResult
  /// Why the last save of the queue failed (a full disk, say); nil once a save succeeds.
  ///
  /// The queue in memory is intact either way, and the next change saves it again.
  public private(set) var persistError: String?

  /// Creates an engine that drives `queue`, or the queue restored from its saved snapshot.
  ///
  /// - Parameters:
  ///   - queue: the queue to drive when there is no saved one.
  ///   - restore: builds a queue from a saved snapshot (for `SyncQueue`: `SyncQueue(restoring:)`).
  public init(
    queue: Queue, restore: (QueueSnapshot) -> Queue, cloud: any CloudStore, clock: any SyncClock,
    file: QueueFile? = nil, documentFor: @escaping @Sendable (SyncOperation) async throws -> CloudDocument?
  ) {
    let load = file?.load() ?? .empty
    if case .loaded(let snapshot) = load {
      let restored = restore(snapshot)
      // NB: restoring may change the queue (a lower capacity trims it); the file must then say so
      // at once, or the next launch brings the dropped operations back.
      if let file, restored.snapshot() != snapshot {
        do {
          try file.save(restored.snapshot())
        } catch {
          self.persistError = Self.saveFailure(file, error)
        }
      }
      self.queue = restored
    } else {
      self.queue = queue
    }
    self.loadReport = load
    self.cloud = cloud
    self.clock = clock
    self.file = file
    self.documentFor = documentFor
  }

  /// Tells the engine whether the network is up.
  public func setOnline(_ online: Bool) { self.online = online }
  /// Tells the engine who is signed in (nil: nobody).
  public func setUser(_ uid: String?) { self.uid = uid }

  /// Queues a change and starts sending if it can.
  @discardableResult
  public func enqueue(_ operation: SyncOperation) -> OperationID {
    let id = queue.enqueue(operation)
    persist()
    return id
  }

  /// Puts failed operation `id` back in the queue with a fresh retry budget (the user's "retry"),
  /// and saves the queue.
  ///
  /// Call `processQueue` to send it. - Returns: false when `id` is not a failed operation.
  @discardableResult
  public func retryFailed(_ id: OperationID) -> Bool {
    guard queue.retryFailed(id) else { return false }
    persist()
    return true
  }

  /// Processes until nothing is due: each operation on its own, waiting out backoffs on the clock.
  ///
  /// Returns when the queue is empty, paused (offline or signed out), or only failed ones remain. Only the
  /// signed-in user's operations (and those of nobody) go, into that user's documents; another user's wait
  /// for that user, untouched.
  public func processQueue() async {
    while true {
      let now = await clock.now()
      switch queue.next(now: now, online: online, user: uid) {
      case .paused, .idle:
        return
      case .wait(let until):
        await clock.sleep(until: until)
      case .upload(let id, let operation):
        let result = await perform(operation)
        queue.complete(id, with: result, now: await clock.now())
        persist()
      }
    }
  }

  /// Sends `operation` as the signed-in user, into its owner's documents.
  ///
  /// A local store that cannot be read fails the attempt with `localStoreUnavailable`, which is retried like
  /// a network error.
  private func perform(_ operation: SyncOperation) async -> Result<Void, SyncError> {
    guard let uid else { return .failure(.notAuthenticated) }
    let path = DocumentPath(uid: operation.owner ?? uid, key: operation.key)
    do {
      if operation.kind == .delete {
        try await cloud.deleteDocument(at: path, as: uid)
        return .success(())
      }
      let document: CloudDocument?
      do {
        document = try await documentFor(operation)
      } catch {
        return .failure(.localStoreUnavailable)
      }
      if let document { try await cloud.setDocument(document, at: path, as: uid) }
      return .success(())
    } catch let error as SyncError {
      return .failure(error)
    } catch {
      return .failure(.cloudUnavailable)
    }
  }

  private func persist() {
    guard let file else { return }
    do {
      try file.save(queue.snapshot())
      persistError = nil
    } catch {
      persistError = Self.saveFailure(file, error)
    }
  }

  private static func saveFailure(_ file: QueueFile, _ error: any Error) -> String {
    "could not save the sync queue to \(file.path): \(error.localizedDescription)"
  }
}
