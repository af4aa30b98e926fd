import CountMeContract
import CountMeCore
import CountMeWorlds

extension Hardening {
  /// Property 24 (ours): two or three callers of the real engine at once lose nothing.
  static let concurrentCallers = EngineProperties.spec(
    "P24", "Concurrent callers of the engine lose nothing", validates: ["8.3", "8.4"],
    statement:
      "with callers interleaved at every await, the queue stays sound, every accepted operation is known, and drained the cloud holds every change",
    callers: 2...3, judge: judgeConcurrentCallers)

  /// Concurrent callers leave the queue sound after every round.
  ///
  /// Callers (enqueueing, processing, the network and the user coming and going) run at once,
  /// interleaved at the engine's await points as the schedule picks: after each round the queue's
  /// own audit is clean, every caller finished, and drained the cloud converges with no accepted
  /// operation unknown.
  static func judgeConcurrentCallers(_ trace: EngineTrace) -> EngineProperties.Problem? {
    for (step, settled) in trace.rounds {
      if let violation = settled.violations.first { return ("the queue reports: \(violation)", step) }
    }
    return EngineProperties.converges(trace)
  }
}
