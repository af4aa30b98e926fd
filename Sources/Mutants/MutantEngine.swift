import CountMeContract
import CountMeCore
import Foundation

/// The reference engine (`SyncEngine` over `SyncQueue`) restated with a switch for one bug.
///
/// NB: a copy on purpose, like `MutantQueue`: the reference stays free of mutation hooks.
actor MutantEngine: EngineUnderTest {
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
    /// `processQueue` works on a copy of the queue across the upload's await and writes it back
    /// after: whatever another caller did meanwhile (an enqueue) is lost.
    case queueCopiedAcrossAwait
    /// The queue is asked only whether someone is signed in, and uploads go to whoever that is: the
    /// previous user's operations are sent as, and into the documents of, the next user.
    case uploadsAsWhoeverIsSignedIn
    /// A read of the local store that fails is taken as "the entity is gone": the upload is skipped
    /// and the operation succeeds.
    case unreadableIsGone
  }

  private let bug: Bug
  private var queue: SyncQueue
  private let setup: EngineSetup
  private var online = true
  private var uid: String?
  private let load: QueueFile.LoadResult
  private var lastSaveError: String?

  init(_ bug: Bug, _ setup: EngineSetup) {
    self.bug = bug
    self.setup = setup
    let load = Self.load(setup.file, bug: bug)
    self.load = load
    var queue = SyncQueue(capacity: setup.capacity, policy: setup.policy)
    if case .loaded(let snapshot) = load {
      queue = SyncQueue(restoring: snapshot, capacity: setup.capacity, policy: setup.policy)
      if bug != .trimNotSaved && bug != .savesNothing && queue.snapshot() != snapshot {
        try? setup.file.save(queue.snapshot())
      }
    }
    self.queue = queue
  }

  func enqueue(_ operation: SyncOperation) -> OperationID {
    let id = queue.enqueue(operation)
    persist()
    return id
  }

  func retryFailed(_ id: OperationID) -> Bool {
    guard queue.retryFailed(id) else { return false }
    if bug != .retryNotSaved { persist() }
    return true
  }

  func processQueue() async {
    while true {
      let now = await setup.clock.now()
      let action =
        bug == .uploadsAsWhoeverIsSignedIn
        ? queue.next(now: now, online: online, signedIn: uid != nil)
        : queue.next(now: now, online: online, user: uid)
      switch action {
      case .paused, .idle: return
      case .wait(let until): await setup.clock.sleep(until: until)
      case .upload(let id, let operation):
        if bug == .queueCopiedAcrossAwait {
          var copy = queue
          let result = await perform(operation)
          copy.complete(id, with: result, now: await setup.clock.now())
          queue = copy
        } else {
          let result = await perform(operation)
          queue.complete(id, with: result, now: await setup.clock.now())
        }
        persist()
      }
    }
  }

  func setOnline(_ online: Bool) { self.online = online }
  func setUser(_ uid: String?) { self.uid = uid }
  func queueSnapshot() -> QueueSnapshot { queue.snapshot() }
  func state(of id: OperationID) -> OperationState? { queue.state(of: id) }
  func invariantViolations() -> [String] { queue.invariantViolations() }
  func loadResult() -> QueueFile.LoadResult { load }
  func saveError() -> String? { lastSaveError }

  private func perform(_ operation: SyncOperation) async -> Result<Void, SyncError> {
    guard let uid else { return .failure(.notAuthenticated) }
    let owner = bug == .uploadsAsWhoeverIsSignedIn ? uid : operation.owner ?? uid
    let path = DocumentPath(uid: owner, key: operation.key)
    do {
      if operation.kind == .delete {
        try await setup.cloud.deleteDocument(at: path, as: uid)
        return .success(())
      }
      let document: CloudDocument?
      do {
        document = try await setup.documentFor(operation)
      } catch {
        guard bug == .unreadableIsGone else { return .failure(.localStoreUnavailable) }
        document = nil
      }
      if let document, bug != .neverSets { try await setup.cloud.setDocument(document, at: path, as: uid) }
      return .success(())
    } catch let error as SyncError {
      return .failure(error)
    } catch {
      return .failure(.cloudUnavailable)
    }
  }

  private func persist() {
    guard bug != .savesNothing else { return }
    do {
      try setup.file.save(queue.snapshot())
      lastSaveError = nil
    } catch {
      lastSaveError = "could not save: \(error)"
    }
  }

  /// `QueueFile.load`, with the quarantine bugs.
  private static func load(_ file: QueueFile, bug: Bug) -> QueueFile.LoadResult {
    guard bug == .quarantineCopies || bug == .quarantineOverwritesFirst else { return file.load() }
    let manager = FileManager.default
    guard let data = manager.contents(atPath: file.path) else { return .empty }
    do {
      return .loaded(try QueueSnapshot.decode(data))
    } catch {
      var index = 1
      while bug == .quarantineCopies && manager.fileExists(atPath: "\(file.path).corrupt-\(index)") {
        index += 1
      }
      let aside = "\(file.path).corrupt-\(index)"
      try? manager.removeItem(atPath: aside)
      if bug == .quarantineCopies {
        try? manager.copyItem(atPath: file.path, toPath: aside)
      } else {
        try? manager.moveItem(atPath: file.path, toPath: aside)
      }
      return .quarantined(movedTo: aside, reason: "\(error)")
    }
  }
}

/// The reference system with a `MutantEngine`.
struct EngineMutant: ReferenceForwarding {
  let bug: MutantEngine.Bug

  init(_ bug: MutantEngine.Bug) { self.bug = bug }

  func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest { MutantEngine(bug, setup) }
}
