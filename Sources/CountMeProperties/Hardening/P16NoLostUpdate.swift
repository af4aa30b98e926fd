import Generators

extension Hardening {
  /// Property 16 (ours): completing an operation never completes, drops or forgets another (a
  /// newer update or delete that arrived while it was in flight survives).
  static let p16 = SyncProperties.spec(
    "P16", "No lost update", validates: ["8.3"],
    statement: "completing an operation changes only that operation",
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 3),
        faults: Gen.faultPlan(rate: 0.4, kinds: [.slow, .unavailable, .lostAcknowledgement]), options: $0)
    }, judge: judge16)

  /// Completing an operation changes only it: another operation of the entity may only become
  /// superseded by it; nothing else succeeds or is dropped; a success leaves it succeeded.
  static func judge16(_ trace: SyncTrace) -> TraceProblem? {
    trace.first { event in
      guard case .completed(let call) = event.what else { return nil }
      for other in call.others where other.after != other.before && other.after != .superseded(by: call.id) {
        return "completing \(call.id) changed \(other.id) from \(other.before.text) to \(other.after.text)"
      }
      if call.succeededDelta > (call.result.isSuccess ? 1 : 0) || call.droppedDelta > 0 {
        return
          "completing \(call.id) also marked \(call.succeededDelta) succeeded and \(call.droppedDelta) dropped"
      }
      if call.result.isSuccess && call.state != .succeeded {
        return "\(call.id) succeeded but is \(call.state.text)"
      }
      return nil
    }
  }
}
