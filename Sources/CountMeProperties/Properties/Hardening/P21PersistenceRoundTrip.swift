import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators

extension Hardening {
  /// Property 21 (ours): a restart restores exactly the pending and failed operations.
  ///
  /// A damaged queue file loads as an empty queue with the damage reported, never a crash.
  static let persistenceRoundTrip = SyncProperties.persistence(
    "P21", "Persistence round trip", validates: ["7.1", "8.2"],
    statement:
      "a restart restores exactly the pending and failed operations; a corrupted file loads as an empty queue, reported",
    anomaly: .lostUpdate,
    { Gen.simulation(scenario: Gen.syncScenario(length: 0...300, averageLength: 40), options: $0) },
    judge: judgePersistenceRoundTrip)

  /// A restart restores exactly the pending and failed operations, within the new capacity.
  ///
  /// A restart restores exactly the pending and failed operations, trimmed to a lowered capacity
  /// with every trimmed one dropped with a reason, into a queue of the capacity the launch gave
  /// (below 1 counts as 1; 1,000 with no settings).
  ///
  /// The queue's bytes load back to the same pending (ids and attempts) and failed operations; damaged bytes
  /// load as an empty queue with the damage reported, never a silently different queue.
  static func judgePersistenceRoundTrip(_ trace: SyncTrace) -> TraceProblem? {
    func made(_ id: OperationID) -> (Date, OperationID) {
      (trace.operations[id]?.timestamp ?? .distantPast, id)
    }
    return trace.first { event, configuration in
      let capacity = configuration.capacity
      switch event.what {
      case .reportedConfiguration(let reported, _) where reported != capacity:
        return Finding(
          .wrongSyncStatus, "the queue a launch loaded reports capacity \(reported), given \(capacity)")
      case .restarted(let pending, let failed, let restored, let loadedFailed, let corrupted, let notRestored):
        if let corrupted { return "the queue could not read its own file: \(corrupted)" }
        if loadedFailed != failed {
          return "restart changed the failed list: \(failed) became \(loadedFailed)"
        }
        // A launch keeps the newest `capacity` pending operations (processing order: timestamp,
        // then id); the others are trimmed, each recorded as dropped with a reason.
        let order = pending.sorted { QueueSpecification.precedes(made($0), made($1)) }
        let kept = Set(order.suffix(capacity))
        if Set(restored) != kept {
          let lost = kept.subtracting(restored).sorted().map(\.description)
          let extra = Set(restored).subtracting(kept).sorted().map(\.description)
          return Finding(
            lost.isEmpty ? .capacityExceeded : .lostUpdate,
            "restart at capacity \(capacity) restored \(restored.count) of \(pending.count) pending operations; "
              + "lost \(lost), kept over capacity \(extra)")
        }
        for (id, state) in notRestored {
          guard case .dropped(let reason)? = state, !reason.isEmpty else {
            return Finding(
              .wrongSyncStatus, "\(id) was trimmed on load but is \(state.text), not dropped with a reason")
          }
        }
        return nil
      case .persisted(
        let corruption, let original, let restored, let corrupted, let restoredCount, let formatProblem,
        let rewritten, let refusedAfterUse):
        if let formatProblem { return "the queue's file claims CountMeCore's format but \(formatProblem)" }
        if let refused = refusedAfterUse {
          return Finding(
            nil,
            "a queue loaded from a file \(corruption.map { "\($0)" } ?? "") was used and wrote "
              + "a file the next launch refused: \(refused)")
        }
        if let rewritten {
          if let corrupted = rewritten.corrupted {
            return "the same queue in a format-v1 file written by the harness was refused: \(corrupted)"
          }
          if let change = roundTripChange(original, rewritten.restored) {
            return "a format-v1 file of \(change)"
          }
        }
        return persistenceProblem(corruption, original, restored, corrupted, restoredCount)
      default: return nil
      }
    }
  }

  /// How `restored` differs from `original` in pending ids, attempts, failed operations and the
  /// next id it hands out; nil when it does not.
  private static func roundTripChange(_ original: QueueSnapshot, _ restored: QueueSnapshot) -> String? {
    if restored.nextID != original.nextID {
      return "the queue loaded would hand out id \(restored.nextID) next, not \(original.nextID)"
    }
    guard
      restored.pending.map(\.id) != original.pending.map(\.id) || restored.failed != original.failed
        || restored.pending.map(\.attempts) != original.pending.map(\.attempts)
    else { return nil }
    let change =
      "the queue loaded another queue: pending \(original.pending.map(\.id)) became "
      + "\(restored.pending.map(\.id)), failed \(original.failed.map(\.id)) became \(restored.failed.map(\.id))"
    if let (was, loaded) = zip(original.failed, restored.failed).first(where: { $0 != $1 }) {
      return was.error != loaded.error
        ? "\(change); the error of failed \(was.id) was \(was.error), loaded as \(loaded.error)"
        : "\(change); failed \(was.id) was \(was), loaded as \(loaded)"
    }
    let pendingPairs = zip(original.pending, restored.pending)
    if let (was, loaded) = pendingPairs.first(where: { $0.attempts != $1.attempts }) {
      return "\(change); \(was.id) had \(was.attempts) attempts, loaded with \(loaded.attempts)"
    }
    return change
  }

  /// `snapshot` as a launch must load it from a file edited by `edit`.
  ///
  /// `snapshot` as a launch must load it from a file edited by `edit` (one that must load): the
  /// first operation's attempts at the most any policy allows; `nextID` at `renumberedAbove`, ids
  /// kept; or, for `nextID` at its limit (above `renumberedAbove`), every operation renumbered
  /// 1, 2, … in the order of its id, and `nextID` one past them.
  private static func edited(_ snapshot: QueueSnapshot, by edit: FileEdit) -> QueueSnapshot {
    if edit == .nextIDAtLimit {
      let ids = (snapshot.pending.map(\.id) + snapshot.failed.map(\.id)).sorted()
      let rank = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, OperationID(UInt64($0 + 1))) })
      return QueueSnapshot(
        nextID: UInt64(ids.count + 1),
        pending: snapshot.pending.map {
          QueuedOperation(
            id: rank[$0.id] ?? $0.id, operation: $0.operation, attempts: $0.attempts, notBefore: $0.notBefore,
            lastError: $0.lastError)
        },
        failed: snapshot.failed.map {
          FailedOperation(
            id: rank[$0.id] ?? $0.id, operation: $0.operation, attempts: $0.attempts, error: $0.error)
        })
    }
    if edit == .nextIDAtRenumberingBound {
      return QueueSnapshot(
        nextID: UInt64(QueueSpecification.renumberedAbove), pending: snapshot.pending, failed: snapshot.failed
      )
    }
    guard edit == .attemptsAtLimit else { return snapshot }
    var result = snapshot
    if let first = result.pending.first {
      result.pending[0] = QueuedOperation(
        id: first.id, operation: first.operation, attempts: QueueSpecification.mostAttempts,
        notBefore: first.notBefore, lastError: first.lastError)
    } else if let first = result.failed.first {
      result.failed[0] = FailedOperation(
        id: first.id, operation: first.operation, attempts: QueueSpecification.mostAttempts,
        error: first.error)
    }
    return result
  }

  private static func persistenceProblem(
    _ corruption: Corruption?, _ original: QueueSnapshot, _ restored: QueueSnapshot, _ corrupted: String?,
    _ restoredCount: Int
  ) -> Finding? {
    guard let corruption else {
      if let corrupted { return "the queue could not read its own bytes: \(corrupted)" }
      return roundTripChange(original, restored).map { Finding(nil, "a round trip changed the queue: \($0)") }
    }
    // A file the format allows (`Corruption.mustLoad`) loads as the queue it holds: an edit to the
    // format's limits holds the edited queue, a syntax edit the same one.
    if corruption.mustLoad {
      let (expected, what): (QueueSnapshot, String)
      if case .edit(let edit) = corruption {
        (expected, what) = (edited(original, by: edit), "a file at the format's limits")
      } else {
        (expected, what) = (original, "a file whose body is JSON holding the same queue")
      }
      if let corrupted { return "\(what) (\(corruption)) was refused: \(corrupted)" }
      return roundTripChange(expected, restored).map { Finding(nil, "a file \(corruption): \($0)") }
    }
    if corrupted == nil {
      switch corruption {
      case .edit:
        return Finding(
          .phantomData, "a file \(corruption) loaded; its content is one no build writes, and must be refused"
        )
      case .syntax:
        return Finding(
          .phantomData,
          "a file \(corruption) loaded; its body is not JSON by RFC 8259, or not by the format, and must be refused"
        )
      case .truncate, .flip:
        return restored == original
          ? nil
          : Finding(.phantomData, "corrupted bytes (\(corruption)) loaded silently as a different queue")
      }
    }
    return restoredCount == 0
      ? nil : Finding(.phantomData, "a corrupted file was reported but the queue did not start empty")
  }
}
