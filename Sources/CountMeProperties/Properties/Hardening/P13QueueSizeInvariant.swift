import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 13: the queue never holds more than its capacity, and at capacity it drops the oldest.
  static let queueSizeInvariant = SyncProperties.spec(
    "P13", "Queue size invariant", validates: ["7.1", "7.2", "7.3"],
    statement: "the queue size stays at or below 1,000 after every step", anomaly: .capacityExceeded,
    killBudget: 100,
    // NB: no restarts here (each persists the whole queue, slowly in debug builds); property 21
    // is about them. The kill budget is small: its scenarios run to 3,000 steps, and its mutants die
    // within a few cases. A third of the queues are the one made with no settings, held to the
    // documented capacity of 1,000.
    {
      Gen.simulation(
        scenario: Gen.syncScenario(
          length: 0...3_000, averageLength: 1_100, entities: 5_000, enqueueWeight: 300, restartWeight: 0),
        faults: Gen.faultPlan(calls: 0...20), capacity: Gen.constant(QueueSpecification.defaultCapacity),
        defaults: 0.35, options: $0)
    }, judge: judgeQueueSizeInvariant)

  /// Never above capacity, and nothing dropped below it.
  ///
  /// Never above capacity after a step; nothing dropped below it (nor when the new operation only
  /// supersedes its entity's pending one, which leaves the size as it was), one at most at it; at
  /// capacity, the operation dropped is the oldest by timestamp (ties by id) of those pending and the
  /// new one (7.2), and the queue's `oldestPending` names the oldest pending.
  ///
  /// The harness finds the oldest itself, among the pending operations. A queue reports the capacity it was
  /// made with: 1,000 when made with no settings. The new operation and the oldest sort as documented
  /// (`QueueSpecification.declaredOrderProblem`).
  static func judgeQueueSizeInvariant(_ trace: SyncTrace) -> TraceProblem? {
    trace.first { event, configuration in
      let capacity = configuration.capacity
      switch event.what {
      case .reportedConfiguration(let reported, _) where reported != capacity:
        return Finding(.wrongSyncStatus, "the queue reports capacity \(reported), made with \(capacity)")
      case .books(let count, _, _, _) where count > capacity:
        return "queue size \(count) exceeds capacity \(capacity)"
      case .enqueued(let enqueue):
        if let oldest = enqueue.oldest,
          let problem = QueueSpecification.declaredOrderProblem(
            (enqueue.id, enqueue.operation.key), (oldest.id, oldest.operation.key))
        {
          return Finding(.lostUpdate, problem)
        }
        if enqueue.countBefore >= capacity, enqueue.reportedOldest != enqueue.oldest?.id {
          return Finding(
            .wrongSyncStatus,
            "at capacity \(capacity), oldestPending named \(enqueue.reportedOldest.map { "\($0)" } ?? "none"), "
              + "but the oldest pending operation is \(enqueue.oldest.map { "\($0.id)" } ?? "none")")
        }
        let dropped = enqueue.droppedAfter - enqueue.droppedBefore
        guard dropped > 0 else { return nil }
        if enqueue.countBefore < capacity || enqueue.pendingBefore > 0 {
          let why = enqueue.pendingBefore > 0 ? "its entity's pending operation to supersede" : "room"
          return Finding(
            .lostUpdate,
            "\(dropped) operation(s) dropped enqueueing \(enqueue.id) at size \(enqueue.countBefore) of "
              + "capacity \(capacity), with \(why)")
        }
        guard dropped == 1 else {
          return Finding(.lostUpdate, "\(dropped) operations dropped for one enqueued at capacity")
        }
        guard let oldest = enqueue.oldest else {
          // Nothing pending (the queue's size is its upload in flight): the new one is the oldest.
          if case .dropped? = enqueue.stateOfNew { return nil }
          return Finding(
            .lostUpdate,
            "at capacity \(capacity) with nothing pending, an operation was dropped but not \(enqueue.id), the new one"
          )
        }
        let newIsOlder = QueueSpecification.precedes(
          (enqueue.operation.timestamp, enqueue.id), (oldest.operation.timestamp, oldest.id))
        let expected = newIsOlder ? enqueue.id : oldest.id
        if case .dropped? = newIsOlder ? enqueue.stateOfNew : enqueue.stateOfOldest { return nil }
        return Finding(
          .lostUpdate, "at capacity \(capacity), an operation was dropped but not \(expected), the oldest")
      default: return nil
      }
    }
  }
}
