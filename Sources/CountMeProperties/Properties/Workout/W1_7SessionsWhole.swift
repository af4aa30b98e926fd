import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// Seed 004, 1.7: sessions are never merged: of two versions, the one 1.4's rule keeps is kept
  /// whole, every set as logged and nothing of the other.
  static let sessionsWhole = PropertySpec(
    id: "W1.7", name: "Sessions sync as whole units, never merged", validates: ["1.7"],
    judges: [.workoutSync], policy: policy, killBudget: 200,
    generator: { _ in VersionPair.generator(Gen.sessionVersion, updatedAt: \.updatedAt) },
    encode: { $0.json(WorkoutJSON.json) },
    decode: { json, _ in try VersionPair.decode(json, WorkoutJSON.session, key: \.key) },
    expect: { _ in .holds("the newer version whole (local on a tie)") },
    observe: { input, system in
      let kept = system.workoutSync.merge(local: input.local, cloud: input.cloud, policy: policy)
      let expected = input.cloud.updatedAt > input.local.updatedAt ? input.cloud : input.local
      guard kept == expected else {
        return .broke(
          "kept \(WorkoutJSON.json(kept).text()); the rule keeps \(WorkoutJSON.json(expected).text()) whole",
          anomaly: kept == input.local || kept == input.cloud ? .lostUpdate : .phantomData)
      }
      return .holds
    }
  ).erased
}
