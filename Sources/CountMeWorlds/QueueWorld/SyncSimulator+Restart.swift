import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

// How the simulator restarts the device: its queue persisted (and perhaps damaged), then loaded
// back through the implementation under test.

extension SyncSimulator {
  /// Persists the queue and loads it as a new launch.
  ///
  /// `reconfigured`: the launch has a new capacity or policy, in force from after the old queue's last books.
  package mutating func restart(reconfigured: Bool = false) {
    let snapshot = queue.snapshot()
    let pending = snapshot.pending.map(\.id)
    let failed = snapshot.failed.map(\.id)
    recordStates()
    if reconfigured { record(.configured(capacity: capacity, policy: policy)) }
    let pendingSet = Set(pending)
    for id in live where !pendingSet.contains(id) { endedBeforeRestart[id] = queue.state(of: id) }
    let loaded = load(system.queue.persistQueue(queue.base))
    queue = DefaultUserNextQueue(loaded.queue)
    recordReportedConfiguration()
    flight = nil
    let restored = queue.pending.map(\.id) + (queue.inFlight.map { [$0.id] } ?? [])
    let kept = Set(restored)
    record(
      .restarted(
        pending: pending, failed: failed,
        restored: restored,
        loadedFailed: queue.failed.map(\.id), corrupted: loaded.corrupted,
        notRestored: pending.filter { !kept.contains($0) }.map { ($0, queue.state(of: $0)) }))
    live = Array(pendingSet.union(failed)).sorted()
    for slot in liveBySlot.indices { liveBySlot[slot].removeAll() }
    for id in live {
      if let operation = trace.operations[id], let slot = slotOf[operation.key] {
        liveBySlot[slot].append(id)
      }
    }
  }

  /// The queue a launch loads from `bytes`: with no settings while the defaults are in force,
  /// otherwise with the run's capacity and policy.
  package func load(_ bytes: Data) -> (queue: any SyncQueueing, corrupted: String?) {
    defaultsInForce
      ? system.queue.loadDefaultQueue(bytes)
      : system.queue.loadQueue(bytes, capacity: capacity, policy: policy)
  }

  /// Writes the queue's bytes, damages them with `corruption`, and loads them into a second queue
  /// (the simulation goes on with the first).
  ///
  /// Damage that changes nothing (an edit with nothing to edit, a cut at the end) is recorded as
  /// none. Bytes that claim CountMeCore's format are also read by the harness, and the same queue,
  /// written by the harness with its keys in another order, is loaded too.
  mutating func persist(_ corruption: Corruption?) {
    let written = system.queue.persistQueue(queue.base)
    let damaged = corruption.map { $0.apply(to: written) } ?? written
    let loaded = load(damaged)
    var formatProblem: String?
    var rewritten: (restored: QueueSnapshot, corrupted: String?)?
    if QueueFileFormat.claims(written) {
      switch QueueFileFormat.body(of: written) {
      case .failure(let problem): formatProblem = problem.description
      case .success(let body):
        let file = QueueFileFormat.write(QueueFileFormat.reversingKeys(body))
        let reloaded = load(file)
        rewritten = (reloaded.queue.snapshot(), reloaded.corrupted)
      }
    }
    var refusedAfterUse: String?
    if corruption?.mustLoad == true, loaded.corrupted == nil, damaged != written {
      refusedAfterUse = reloadAfterUse(loaded.queue)
    }
    record(
      .persisted(
        corruption: damaged == written ? nil : corruption, original: queue.snapshot(),
        restored: loaded.queue.snapshot(), corrupted: loaded.corrupted,
        restoredCount: loaded.queue.count + loaded.queue.failed.count, formatProblem: formatProblem,
        rewritten: rewritten, refusedAfterUse: refusedAfterUse))
  }

  /// Uses a loaded queue and writes its file again; what loading that file reported, or nil.
  ///
  /// Uses a queue loaded from a damaged file that must load, one at the format's limits or written
  /// in other JSON (the upload `next` gives once every retry is due, failed once; a new operation
  /// enqueued), writes it and loads it again: what that load reported (nil: it loaded).
  ///
  /// A queue must never write a file the next launch refuses, even when it starts at the most the
  /// format allows: an operation's attempts at the limit stay there, and new ids stay in bounds.
  /// The edit puts the limit on the file's first pending operation, first in processing order, so
  /// it is the one uploaded.
  func reloadAfterUse(_ loaded: any SyncQueueing) -> String? {
    var used = loaded
    let at = max(now, used.pending.compactMap(\.notBefore).max() ?? now)
    if case .upload(let id, _) = used.next(now: at, online: true, signedIn: true) {
      used.complete(id, with: .failure(.networkUnavailable), now: at)
    }
    _ = used.enqueue(SyncOperation(.create, entityId: "after-reload", entityType: .foodItem, timestamp: at))
    return load(system.queue.persistQueue(used)).corrupted
  }
}
