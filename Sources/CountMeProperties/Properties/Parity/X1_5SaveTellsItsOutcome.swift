import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 1.4 and 1.5 in X5.5's world: each real save on the iPhone ends with the message its outcome gets.
  ///
  /// X4.3 judges the message of each outcome alone; this joins them to real saves, in X5.5's world
  /// (the system's device sync and save feedback, the harness's Android phone, one cloud). The
  /// oracle, written out: a save whose upload went through ends with "Log saved successfully"
  /// (1.5, 4.2); a save the iPhone kept and queued because it was offline, or whose upload met a
  /// network problem and waits for a retry, ends with a message that says it was kept, neither
  /// that success nor a "Failed to save: …" one: the log is on the device and syncs once the
  /// connection is back (5.5, and X5.5 judges that it does). Seed 003's 4.3 gives a network problem
  /// "Failed to save: Check your internet connection"; said of a log the device kept, it tells the
  /// user the log is lost, and they save it again (`docs/rules.md`, "The message a save ends with").
  static let saveTellsItsOutcome = paritySyncProperty(
    "X1.5", "Each real save ends with the message its outcome gets", validates: ["1.4", "1.5", "5.5", "4.2"],
    killBudget: 500, messages: true,
    expect:
      "a save that reached the cloud says so, and one kept offline says it was kept, not that it failed",
    anomaly: .wrongSyncStatus, judge: judgeSaveTellsItsOutcome)

  static func judgeSaveTellsItsOutcome(_ run: ParityRun) -> Observation {
    let success = "Log saved successfully"
    for said in run.messages {
      let quoted = JSON.string(said.message).text()
      if said.uploaded == true {
        guard said.message == success else {
          return .broke(
            "the iPhone saved log \(said.slot) at step \(said.step) and its upload went through, yet it says "
              + "\(quoted), not \"\(success)\"", step: said.step)
        }
        continue
      }
      let how = said.offline ? "offline" : "and its upload met a network problem"
      guard !said.message.isEmpty, said.message != success,
        !said.message.unicodeScalars.starts(with: "Failed to save".unicodeScalars)
      else {
        return .broke(
          "the iPhone saved log \(said.slot) at step \(said.step) \(how): it kept the log and syncs it once "
            + "the connection is back, yet it says \(quoted)", step: said.step)
      }
    }
    return .holds
  }
}
