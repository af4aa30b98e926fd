import CountMeCore
import Foundation

/// The sync engine: judged by P23 and P24, which drive engines built by `makeEngine`.
public protocol EngineLayer: SystemUnderTest {
  /// An engine built from `setup`, loading its queue from `setup.file`; its callers may run at once.
  func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest
}

/// A sync engine as properties 23 and 24 drive it: the shell that performs a queue's actions
/// against a cloud, on a clock, persisting to a file.
///
/// CountMeCore's `SyncEngine` conforms; an app with its own engine writes an adapter and returns it from
/// `EngineLayer.makeEngine`.
public protocol EngineUnderTest: Sendable {
  /// Queues a change; returns the id the queue gave it.
  func enqueue(_ operation: SyncOperation) async -> OperationID
  /// Puts failed operation `id` back with a fresh budget; false when it is not a failed one.
  func retryFailed(_ id: OperationID) async -> Bool
  /// Uploads until nothing is due (waiting out backoff on the clock), or until paused.
  func processQueue() async
  /// Tells the engine whether the network is up.
  func setOnline(_ online: Bool) async
  /// Tells the engine who is signed in (nil: nobody).
  func setUser(_ uid: String?) async
  /// What the engine's queue holds now, as it would persist it.
  func queueSnapshot() async -> QueueSnapshot
  /// Where operation `id` is; nil for an id the engine's queue never saw.
  func state(of id: OperationID) async -> OperationState?
  /// The engine's queue's own account of its inconsistencies (empty when sound or unknown).
  func invariantViolations() async -> [String]
  /// What loading the queue file found when the engine started.
  func loadResult() async -> QueueFile.LoadResult
  /// Why the last save failed; nil once a save succeeds.
  func saveError() async -> String?
}

/// Everything an engine is built from: the queue's settings, the cloud, the clock, its file and
/// the local data an upload reads.
public struct EngineSetup: Sendable {
  /// The queue's capacity.
  public let capacity: Int
  /// The queue's retry policy.
  public let policy: RetryPolicy
  /// Where documents go.
  public let cloud: any CloudStore
  /// Time, virtual in the properties.
  public let clock: any SyncClock
  /// Where the queue persists between launches (in a fresh temporary directory per case).
  public let file: QueueFile
  /// The local data to upload for an operation, read at upload time.
  ///
  /// The local data to upload for an operation, read at upload time (nil: the entity is gone); it
  /// throws when the store cannot be read just now, which the engine must retry, not skip.
  public let documentFor: @Sendable (SyncOperation) async throws -> CloudDocument?

  /// Creates an `EngineSetup` from its parts.
  public init(
    capacity: Int, policy: RetryPolicy, cloud: any CloudStore, clock: any SyncClock, file: QueueFile,
    documentFor: @escaping @Sendable (SyncOperation) async throws -> CloudDocument?
  ) {
    self.capacity = capacity
    self.policy = policy
    self.cloud = cloud
    self.clock = clock
    self.file = file
    self.documentFor = documentFor
  }
}

extension SyncEngine: EngineUnderTest {
  /// The queue's snapshot.
  public func queueSnapshot() -> QueueSnapshot { queue.snapshot() }
  /// The queue's state of `id`.
  public func state(of id: OperationID) -> OperationState? { queue.state(of: id) }
  /// The queue's own audit.
  public func invariantViolations() -> [String] { queue.invariantViolations() }
  /// `loadReport`.
  public func loadResult() -> QueueFile.LoadResult { loadReport }
  /// `persistError`.
  public func saveError() -> String? { persistError }
}

/// Any `SyncQueueing`, as one concrete type, so CountMeCore's generic `SyncEngine` can drive the
/// queue a `QueueLayer` makes.
struct AnySyncQueue: ForwardingQueue {
  var base: any SyncQueueing
}
