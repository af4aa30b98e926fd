import CountMeCore
import Foundation

/// The offline sync queue and the file it persists to: judged by P13 to P21 (and by every sync
/// property, whose devices queue their uploads in it).
public protocol QueueLayer: SystemUnderTest {
  /// A new, empty queue.
  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing
  /// The bytes the queue persists between launches.
  func persistQueue(_ queue: any SyncQueueing) -> Data
  /// The queue a launch loads from `data`; for bytes it cannot read, an empty queue and the reason.
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  )
  /// The queue a new device gets with no settings, held to the documented defaults.
  ///
  /// The queue a new device gets with no settings: the properties hold it to the documented
  /// defaults, capacity 1,000 (requirement 7.1) and retries after 1 s, doubling to 60 s, 6 times.
  func makeDefaultQueue() -> any SyncQueueing
  /// The queue a launch with no settings loads from `data`, or an empty one and the reason.
  func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?)
}

extension QueueLayer {
  /// This implementation's own `makeQueue` with the documented defaults.
  ///
  /// A queue whose defaults are its own provides `makeDefaultQueue` to have them checked.
  public func makeDefaultQueue() -> any SyncQueueing {
    makeQueue(capacity: QueueDefaults.capacity, policy: QueueDefaults.policy)
  }

  /// This implementation's own `loadQueue` with the documented defaults, as `makeDefaultQueue`.
  public func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?) {
    loadQueue(data, capacity: QueueDefaults.capacity, policy: QueueDefaults.policy)
  }
}

/// The settings of a queue made with none, as the hardening design documents them.
enum QueueDefaults {
  /// Requirement 7.1's limit.
  static let capacity = 1_000
  /// Retries after 1 s, doubling to 60 s, 6 times.
  static let policy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 6)
}
