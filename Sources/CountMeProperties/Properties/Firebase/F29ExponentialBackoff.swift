import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 29: after a network error a device retries an upload with exponentially growing
  /// delays.
  ///
  /// The oracle, written out (`RetryLedger`): after the n-th failed upload in a row of an entity,
  /// the device sends it again no sooner than `min(1 s × 2ⁿ⁻¹, 60 s)` later on its own clock. The
  /// run of failures ends when an upload of it succeeds or the user changes it on that device.
  ///
  /// And the converse, liveness: it does send it again. After the quiet spell (every device
  /// online, no faults, three rounds of passes that wait out the backoffs each pass announces), a
  /// device has nothing queued but what it gave up on (a permanent failure, or the retry budget
  /// spent): anything else is a stuck queue, work no later step would ever do.
  static let exponentialBackoff = cloudDevicesProperty(
    "F29", "Exponential backoff retry", validates: ["13.1"],
    expect: "every retry after a network error waits min(1 s × 2ⁿ⁻¹, 60 s)", anomaly: .wrongRetrySchedule,
    judge: judgeExponentialBackoff)

  /// The verdict on one run.
  static func judgeExponentialBackoff(_ run: CloudDevicesRun) -> Observation {
    let problem = RetryLedger.firstProblem(in: run) { event, ledger -> String? in
      guard case .upload(let upload) = event, let earliest = ledger.earliestRetry(upload.device, upload.slot),
        upload.at < earliest
      else { return nil }
      let failures = ledger.failuresInARow(upload.device, upload.slot)
      return
        "device \(upload.device) sent \(run.name(upload.slot)) again at +\(upload.at) ms, after \(failures) "
        + "failed upload(s) in a row; the backoff holds it until +\(earliest) ms"
    }
    if let problem { return .broke(problem) }
    return stuckQueue(run).map { .broke($0, anomaly: .stuckQueue) } ?? .holds
  }

  /// A device whose last pass of the quiet spell left queued an item it had not given up on.
  static func stuckQueue(_ run: CloudDevicesRun) -> String? {
    let ledger = RetryLedger(replaying: run)
    let devices = Set(run.passes.map(\.device)).sorted()
    for device in devices {
      guard let last = run.passes.last(where: { $0.device == device && $0.step == nil }) else { continue }
      let stuck = last.queuedAfter.filter { !ledger.gaveUp(device, $0) }
      guard let slot = stuck.first else { continue }
      let failures = ledger.failuresInARow(device, slot)
      return
        "stuck queue: after the quiet spell (every device online, no faults, backoffs waited out) device "
        + "\(device) still has \(run.name(slot)) queued"
        + (failures > 0 ? " after \(failures) failed upload(s) in a row" : "")
        + ", and no step will ever send it: the device retried nothing on its own"
    }
    return nil
  }
}
