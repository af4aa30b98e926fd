import CountMeContract
import CountMeCore
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
  static let f29 = cloudDevicesProperty(
    "F29", "Exponential backoff retry", validates: ["13.1"],
    expect: "every retry after a network error waits min(1 s × 2ⁿ⁻¹, 60 s)", judge: judge29)

  /// The verdict on one run.
  static func judge29(_ run: CloudDevicesRun) -> Observation {
    let problem = RetryLedger.firstProblem(in: run) { event, ledger in
      guard case .upload(let upload) = event, let earliest = ledger.earliestRetry(upload.device, upload.slot),
        upload.at < earliest
      else { return nil }
      let failures = ledger.failuresInARow(upload.device, upload.slot)
      return
        "device \(upload.device) sent \(run.name(upload.slot)) again at +\(upload.at) ms, after \(failures) "
        + "failed upload(s) in a row; the backoff holds it until +\(earliest) ms"
    }
    return problem.map { .broke($0) } ?? .holds
  }
}
