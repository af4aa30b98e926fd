import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 17 (ours): offline or signed out, the queue pauses: nothing attempted, nothing spent.
  static let offlinePauses = SyncProperties.spec(
    "P17", "Offline and signed-out pause without loss", validates: ["8.1", "8.4"],
    statement: "offline or signed out, nothing is attempted and nothing changes",
    anomaly: .wrongRetrySchedule,
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, enqueueWeight: 5), options: $0)
    },
    judge: judgeOfflinePauses)

  /// Offline or signed out, the queue answers `paused` and changes no operation's state.
  static func judgeOfflinePauses(_ trace: SyncTrace) -> TraceProblem? {
    trace.first { event in
      guard case .asked(let online, let signedIn, let action, let changed) = event.what, !online || !signedIn
      else {
        return nil
      }
      if action != .paused { return "offline or signed out, the queue answered \(action) instead of pausing" }
      return changed ? Finding(.wrongSyncStatus, "a paused queue changed an operation's state") : nil
    }
  }
}
