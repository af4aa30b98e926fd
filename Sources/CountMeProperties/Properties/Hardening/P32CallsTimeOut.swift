import CountMeCore
import CountMeWorlds
import PropertyHarness

extension Hardening {
  /// Property 32 (ours): a cloud call that gets no answer ends after 30 seconds, and is retried.
  ///
  /// Property 32 (ours), seed 002's design ("timeout after 30 seconds for sync operations"): in
  /// F29's scenarios, where some faulty calls get no answer at all (`Fault.noAnswer`, a stalled
  /// connection: only the caller's timeout ends it). The oracle, written out: no call leaves its
  /// pass waiting for ever (a device with no timeout hangs, and the run says so); every such call
  /// ends after exactly 30 s on the device's clock, as `deadlineExceeded` (no later, and no sooner:
  /// a call that answers in 30 s, as `Fault.slow`'s do, is one the seed waits for); and, as F29's
  /// liveness, once quiet no device holds queued anything it had not given up on: the timed-out
  /// call was retried like any transient fault.
  static let callsTimeOut = Firebase.cloudDevicesProperty(
    "P32", "A call that gets no answer ends after 30 s and is retried", validates: ["13.1", "13.4"],
    expect: "every call that gets no answer ends after 30 s, and what it carried is sent again",
    anomaly: .stuckQueue, inputs: CloudDevicesInput.silentGenerator,
    judge: { run in
      if let wrong = run.timeouts.first(where: { $0.waited != 30_000 }) {
        let when = wrong.step.map { "at step \($0)" } ?? "in the quiet spell"
        return .broke(
          "device \(wrong.device)'s call \(when) got no answer, and the device waited \(wrong.waited) ms for one, "
            + "not seed 002's 30 s", anomaly: .wrongRetrySchedule, step: wrong.step)
      }
      return Firebase.stuckQueue(run).map { .broke($0) } ?? .holds
    })
}
