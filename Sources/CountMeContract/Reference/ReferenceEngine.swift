import CountMeCore

/// CountMeCore's `SyncEngine` driving the queues of another implementation's queue layer.
///
/// CountMeCore's `SyncEngine` driving the queues another implementation's queue layer makes: the
/// engine layer an implementation gets when it borrows the reference's, so its own queue still runs.
public struct ReferenceEngine: EngineLayer {
  /// Where the engine's queues come from: made by `makeQueue`, restored through `loadQueue`.
  public let queues: any QueueLayer

  /// The reference engine over `queues`' queues.
  public init(queues: any QueueLayer) { self.queues = queues }

  /// CountMeCore's `SyncEngine`, its queue made by `queues` and, after a restart, loaded back from
  /// the snapshot's bytes through `queues.loadQueue`.
  public func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest {
    SyncEngine(
      queue: AnySyncQueue(base: queues.makeQueue(capacity: setup.capacity, policy: setup.policy)),
      restore: {
        AnySyncQueue(
          base: queues.loadQueue($0.encoded(), capacity: setup.capacity, policy: setup.policy).queue)
      },
      cloud: setup.cloud, clock: setup.clock, file: setup.file, documentFor: setup.documentFor)
  }
}
