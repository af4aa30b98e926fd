import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// Seed 004, 1.1: every save goes to the device's store first, its push queued; a failed push stays queued.
  ///
  /// Seed 004, 1.1, over the app on one device (`WorkoutAppRun`): right after a save, offline or
  /// not, the device holds what was saved and a push of it is queued; a push that failed is still
  /// queued, for its retry or kept for the user; and once quiet (the network up, every push going
  /// through, the clock moving past each retry) the cloud holds each entity as the device does,
  /// nothing left to push, but for a push kept for manual intervention.
  static let localFirst = {
    var spec = PropertySpec(
      id: "W1.1", name: "Saves are local first; a failed push stays queued and its retry reaches the cloud",
      validates: ["1.1"], judges: [.workoutSync], policy: policy, killBudget: 300,
      generator: { _ in WorkoutAppScenario.generator }, encode: \.json,
      decode: { json, _ in try WorkoutAppScenario.decode(json) },
      expect: { _ in .holds("held at once and queued; a failed push queued; once quiet the cloud holds it") },
      observe: { scenario, system in
        guard let finding = WorkoutAppRun(scenario, system).first("1.1") else { return .holds }
        let place = finding.step.map { "at steps[\($0)]" } ?? "once quiet"
        return .broke("\(place): \(finding.text)", anomaly: .lostUpdate, step: finding.step)
      })
    spec.anomaly = .lostUpdate
    return spec.erased
  }()
}
