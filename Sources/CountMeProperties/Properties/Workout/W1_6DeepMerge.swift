import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// Seed 004, 1.6: two versions of a module merge their exercises by id.
  ///
  /// Each the later of its two versions (a tie to local), every exercise of either side kept, sorted by
  /// `order`; the name and notes of the newer side; `updatedAt` the later one.
  ///
  /// The oracle, written out from the seed's `mergeExerciseArrays`: for each id of either side,
  /// the cloud's exercise when the local side lacks it or the cloud's is strictly newer, else the
  /// local one; listed by `order`, then id (the seed sorts by `order` alone, leaving equal orders to
  /// a dictionary's order; decided: ids break the tie so every device lists them alike).
  static let deepMerge = PropertySpec(
    id: "W1.6", name: "Modules merge their exercises by id, each by last write", validates: ["1.6"],
    judges: [.workoutSync], policy: policy, killBudget: 300,
    generator: { _ in VersionPair.generator(Gen.templateVersion, updatedAt: \.updatedAt) },
    encode: { $0.json(WorkoutJSON.json) },
    decode: { json, _ in try VersionPair.decode(json, WorkoutJSON.template, key: \.key) },
    expect: { _ in .holds("every exercise of either version, each the newer of its two, by order") },
    observe: { input, system in
      let merged = system.workoutSync.merge(local: input.local, cloud: input.cloud, policy: policy)
      let expected = expectedMerge(input.local, input.cloud)
      guard merged == expected else {
        return .broke(
          "merged \(WorkoutJSON.json(merged).text()); the rule gives \(WorkoutJSON.json(expected).text())",
          anomaly: merged.exercises.count < expected.exercises.count ? .lostUpdate : .divergence)
      }
      return .holds
    }
  ).erased

  /// 1.6's merge, written out.
  static func expectedMerge(_ local: WorkoutTemplate, _ cloud: WorkoutTemplate) -> WorkoutTemplate {
    var exercises: [ExerciseInstance] = []
    for mine in local.exercises {
      let theirs = cloud.exercises.first { $0.id == mine.id }
      exercises.append(theirs.map { $0.updatedAt > mine.updatedAt ? $0 : mine } ?? mine)
    }
    exercises += cloud.exercises.filter { theirs in !local.exercises.contains { $0.id == theirs.id } }
    exercises.sort { ($0.order, $0.id.uuidString) < ($1.order, $1.id.uuidString) }
    let newer = cloud.updatedAt > local.updatedAt ? cloud : local
    var merged = local
    merged.name = newer.name
    merged.notes = newer.notes
    merged.updatedAt = max(local.updatedAt, cloud.updatedAt)
    merged.exercises = exercises
    return merged
  }
}
