import CloudFake
import CountMeCore
import Foundation

/// How a device meets the cloud's answers: a call with no answer timed out, a download's removals.
extension CloudDevicesRun.World {
  /// `response` as `device` meets it: a call that gets no answer ends at the device's timeout.
  ///
  /// `response` as `device` meets it: a call that gets no answer (`Fault.noAnswer`) ends as
  /// `deadlineExceeded` once the device's `callTimeout` has passed on the clock, which the run
  /// notes; nil, noting why the run cannot go on, when the device waits for ever.
  mutating func timed(_ response: CloudFake.Response, _ device: Int, step: Int?) -> CloudFake.Response? {
    guard response.latency.isInfinite else { return response }
    guard let timeout = devices[device].callTimeout, timeout.isFinite, timeout >= 0 else {
      hung =
        "device \(device)'s call " + (step.map { "at step \($0)" } ?? "in the quiet spell")
        + " got no answer, and the device waits for one for ever (no timeout): its pass hangs"
      return nil
    }
    let waited = Int((timeout * 1_000).rounded(.up))
    record.timeouts.append(
      CloudDevicesRun.Timeout(device: device, step: step, at: clock(device), waited: waited))
    elapsed += waited
    return response
  }

  /// The slots `device` heard of whose documents the cloud no longer holds, in slot order.
  ///
  /// The slots `device` heard of whose documents the cloud (`cloud`, at a download that brought
  /// `changes`) no longer holds, in slot order; what it hears of from here on is noted.
  mutating func removals(_ device: Int, cloud: [CloudDevicesRun.SlotState], changes: [CloudChange]) -> [Int] {
    var gone: [Int] = []
    var slot = 0
    while slot < Model.slots {
      if heard[device][slot], case .absent = cloud[slot] {
        gone.append(slot)
        heard[device][slot] = false
      }
      slot += 1
    }
    for change in changes {
      if let slot = paths.firstIndex(of: change.path) { heard[device][slot] = true }
    }
    return gone
  }
}
