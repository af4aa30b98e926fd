import CountMeCore
import Foundation

extension ReferenceSystem {
  /// CountMeCore's `SyncQueue`.
  public func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    SyncQueue(capacity: capacity, policy: policy)
  }
  /// CountMeCore's `SyncQueue()`, with its own defaults.
  public func makeDefaultQueue() -> any SyncQueueing { SyncQueue() }
  /// The snapshot's checksummed bytes.
  public func persistQueue(_ queue: any SyncQueueing) -> Data { queue.snapshot().encoded() }
  /// CountMeCore's `SyncQueue(restoring:)`, or an empty queue and why.
  public func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    do {
      return (SyncQueue(restoring: try QueueSnapshot.decode(data), capacity: capacity, policy: policy), nil)
    } catch {
      return (SyncQueue(capacity: capacity, policy: policy), "\(error)")
    }
  }
  /// CountMeCore's `SyncQueue(restoring:)` with its own defaults, or `SyncQueue()` and why.
  public func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?) {
    do {
      return (SyncQueue(restoring: try QueueSnapshot.decode(data)), nil)
    } catch {
      return (SyncQueue(), "\(error)")
    }
  }

  /// CountMeCore's `SyncEngine`, driving CountMeCore's queue.
  public func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest {
    ReferenceEngine(queues: self).makeEngine(setup)
  }

  /// CountMeCore's `CollectionSync`.
  public func makeSync<Entity: CloudSyncedEntity>(
    of type: Entity.Type, uid: String, queue: any SyncQueueing
  ) -> any DeviceSyncUnderTest<Entity> {
    CollectionSync<Entity>(uid: uid, queue: queue)
  }
  /// CountMeCore's `CollectionSync`, migrating (keeping the guest's stamps: `now` goes unread).
  public func migrate<Entity: CloudSyncedEntity>(
    _ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Entity> {
    CollectionSync<Entity>(uid: uid, queue: queue, migrating: guest)
  }

  /// CountMeCore's `DailyLogSync`.
  public func makeLogSync(uid: String, logs: EntityStore<DailyLog>, queues: [any SyncQueueing])
    -> any LogSyncUnderTest
  {
    DailyLogSync(uid: uid, foodQueue: queues[0], exerciseQueue: queues[1], logQueue: queues[2], logs: logs)
  }
}
