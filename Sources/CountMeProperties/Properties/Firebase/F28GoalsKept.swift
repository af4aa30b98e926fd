import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 28: the user's goal is kept whatever its age. Retention never removes or changes it,
  /// and once quiet every place holds the same goal.
  ///
  /// The oracle, written out: after each retention pass the device's goal is the one before it;
  /// once quiet, if a goal was set (at the start or by a step), every place holds one, all equal,
  /// and the one every place started with when no step set another.
  static let goalsKept = retentionProperty(
    "F28", "Goals retained indefinitely", validates: ["11.4"],
    expect: "the goal is kept everywhere, whatever its age", anomaly: .lostUpdate, judge: judgeGoalsKept)

  /// The verdict on one run.
  static func judgeGoalsKept(_ run: RetentionRun) -> Observation {
    for pass in run.passes where pass.after.goal != pass.before.goal {
      return .broke(
        "device \(pass.device)'s retention pass \(pass.after.goal == nil ? "removed" : "changed") its goal")
    }
    guard run.scenario.goalAge != nil || run.goalSet else { return .holds }
    // With no goal set during the run, the goal must be the one every place started with.
    let expected = run.goalSet ? run.cloud.goal : run.initial.goal
    for (name, data) in run.places where data.goal == nil || data.goal != expected {
      return .broke(
        "once quiet \(name) \(data.goal == nil ? "has no goal" : "holds another goal than \(run.goalSet ? "the cloud" : "it started with")")"
      )
    }
    return .holds
  }
}
