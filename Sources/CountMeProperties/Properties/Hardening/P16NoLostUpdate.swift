import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 16 (ours): completing an operation never completes, drops or forgets another.
  ///
  /// Property 16 (ours): completing an operation never completes, drops or forgets another (a
  /// newer update or delete that arrived while it was in flight survives).
  static let noLostUpdate = SyncProperties.spec(
    "P16", "No lost update", validates: ["8.3"],
    statement: "completing an operation changes only that operation", anomaly: .lostUpdate,
    // NB: `queue-keeps-overtaken-failures` needs an operation that fails and a newer one of its
    // entity that then succeeds: drawn scenarios met it at a median of 73 cases, 504 at worst of
    // 60 seeds, against a budget of 600. Since version 2 half of them queue a newer write after
    // each `process` step, as P19's do (`racingUploads`): a median of about 35, 371 at worst.
    generatorVersion: 2,
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 3)
          .aimed(probability: 0.5, racingUploads),
        faults: Gen.faultPlan(
          rate: 0.4, kinds: [.slow, .unavailable, .lostAcknowledgement, .permissionDenied]),
        options: $0)
    }, judge: judgeNoLostUpdate)

  /// Completing an operation changes only it.
  ///
  /// Another operation of the entity may only become superseded by it, and only when it is newer; nothing
  /// else succeeds or is dropped; a success leaves it succeeded, and no older operation of its entity stays
  /// failed (a retry would write older data over it).
  ///
  /// Superseding only goes forward, wherever it happens: an operation recorded superseded names a newer
  /// operation of its own entity (by timestamp, then by id).
  static func judgeNoLostUpdate(_ trace: SyncTrace) -> TraceProblem? {
    func isNewer(_ newer: OperationID, than older: OperationID) -> Bool {
      guard let a = trace.operations[newer], let b = trace.operations[older], a.key == b.key else {
        return false
      }
      return QueueSpecification.precedes((b.timestamp, older), (a.timestamp, newer))
    }
    return trace.first { event in
      switch event.what {
      case .records(let states):
        for (id, state) in states {
          if case .superseded(let by)? = state, !isNewer(by, than: id) {
            return "\(id) is superseded by \(by), which is not a newer operation of its entity"
          }
        }
        return nil
      case .completed(let call):
        for other in call.others where other.after != other.before {
          if other.after == .superseded(by: call.id) && isNewer(call.id, than: other.id) { continue }
          return "completing \(call.id) changed \(other.id) from \(other.before.text) to \(other.after.text)"
        }
        if call.succeededDelta > (call.result.isSuccess ? 1 : 0) || call.droppedDelta > 0 {
          return
            "completing \(call.id) also marked \(call.succeededDelta) succeeded and \(call.droppedDelta) dropped"
        }
        if call.result.isSuccess && call.state != .succeeded {
          return Finding(.wrongSyncStatus, "\(call.id) succeeded but is \(call.state.text)")
        }
        // Once a newer operation of the entity has landed, an older failed one must not stay
        // retryable: a retry would write older data over it.
        if call.result.isSuccess,
          let stale = call.others.first(where: {
            if case .failed? = $0.after { return isNewer(call.id, than: $0.id) } else { return false }
          })
        {
          return Finding(
            nil,
            "\(call.id) succeeded, yet the older \(stale.id) of its entity stays failed: retrying it would "
              + "write older data over the newer")
        }
        return nil
      default: return nil
      }
    }
  }
}
