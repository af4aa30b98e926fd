import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 30: offline, a device keeps its changes queued and calls nothing; back online, its
  /// next pass sends them.
  ///
  /// The oracle, written out:
  /// - a pass while offline makes no cloud call and changes neither the device's entities nor
  ///   what it has queued;
  /// - the first passes after the network comes back, until one is complete: when none of a pass's
  ///   calls fails, it downloads, and leaves queued only the items the backoff still holds back
  ///   (`RetryLedger`: a retry not yet due, or one left for the user).
  static let intermittentConnectivity = cloudDevicesProperty(
    "F30", "Intermittent connectivity handling", validates: ["13.4"],
    expect: "offline passes call nothing; back online, everything not in a backoff is sent",
    anomaly: .wrongRetrySchedule, judge: judgeIntermittentConnectivity)

  /// The verdict on one run.
  static func judgeIntermittentConnectivity(_ run: CloudDevicesRun) -> Observation {
    let problem = RetryLedger.firstProblem(in: run) { event, ledger -> Observation? in
      guard case .pass(let pass) = event else { return nil }
      return problem30(pass, ledger, run.noun)
    }
    return problem ?? .holds
  }

  private static func problem30(_ pass: CloudDevicesRun.Pass, _ ledger: RetryLedger, _ noun: String)
    -> Observation?
  {
    if !pass.online {
      if pass.calls > 0 {
        return .broke("\(describe(pass)) made \(pass.calls) cloud call(s) while offline", step: pass.step)
      }
      if pass.after != pass.before || pass.queuedAfter != pass.queuedBefore {
        return .broke(
          "\(describe(pass)) changed the device while offline: items \(pass.before) became \(pass.after), "
            + "queued \(pass.queuedBefore) became \(pass.queuedAfter)", anomaly: .wrongSyncStatus,
          step: pass.step)
      }
      return nil
    }
    guard pass.reconnected, pass.failedCalls == 0 else { return nil }
    guard pass.downloaded != nil else {
      return .broke("\(describe(pass)), back online, did not download", anomaly: .stuckQueue, step: pass.step)
    }
    let held = pass.queuedAfter.filter { !ledger.excuses(pass.device, $0, at: pass.at) }
    guard held.isEmpty else {
      return .broke(
        "\(describe(pass)), back online with no call failing, left \(noun)(s) \(held) queued, "
          + "which no backoff held back", anomaly: .stuckQueue, step: pass.step)
    }
    return nil
  }
}
