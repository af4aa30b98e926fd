import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 19: of two versions of a standard entity, the later `lastModified` wins everywhere.
  ///
  /// Property 19: of two versions of a food item, exercise item, custom meal or user's goal (seed
  /// 002's standard entities), the one with the later `lastModified` wins, and every device keeps
  /// the same one whatever order versions meet.
  ///
  /// The oracle, written out: for each pair of three versions, the rule gives the same content
  /// whichever version is local; the later version when their times differ, one of the two on a tie
  /// (which one is the implementation's choice, as long as it is the same everywhere); a version
  /// against itself is itself; and resolving three versions does not depend on the grouping. Content
  /// is every field but `syncStatus`, a store's own bookkeeping.
  static let lastWriteWins = {
    var spec = f19Spec
    spec.anomaly = .lostUpdate
    return spec.erased
  }()

  private static let f19Spec = PropertySpec(
    id: "F19", name: "Last-write-wins for standard entities", validates: ["8.1"], judges: [.conflicts],
    killBudget: 500, generator: { _ in EntityVersions.generator }, encode: \.json,
    decode: { json, context in try EntityVersions.decode(json, model: context.model) }, needsModel: true,
    expect: { _ in .holds("the later version wins, the same on every device, whatever the order") },
    observe: observeLastWriteWins
  )

  static func observeLastWriteWins(_ input: EntityVersions, _ system: SystemLayers) -> Observation {
    switch input {
    case .foodItem(let versions):
      return judgeLastWriteWins(
        versions, ModelSchemas.foodItem, \.lastModified, \.syncStatus, system.conflicts.resolveFoodItems)
    case .exerciseItem(let versions):
      return judgeLastWriteWins(
        versions, ModelSchemas.exerciseItem, \.lastModified, \.syncStatus,
        system.conflicts.resolveExerciseItems)
    case .customMeal(let versions):
      return judgeLastWriteWins(
        versions, ModelSchemas.customMeal, \.lastModified, \.syncStatus, system.conflicts.resolveCustomMeals)
    case .userGoal(let versions):
      return judgeLastWriteWins(
        versions, ModelSchemas.userGoal, \.lastModified, \.syncStatus, system.conflicts.resolveUserGoals)
    }
  }

  static func judgeLastWriteWins<A>(
    _ versions: [A], _ schema: ModelSchema<A>, _ lastModified: KeyPath<A, Date>,
    _ syncStatus: WritableKeyPath<A, SyncStatus>, _ resolve: (A, A) throws -> A
  ) -> Observation {
    func content(_ version: A) -> [FieldValue] {
      var content = version
      content[keyPath: syncStatus] = .synced
      return schema.values(content)
    }
    func show(_ version: A) -> String { schema.json(version).text() }
    do {
      for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        let (x, y) = (versions[i], versions[j])
        let (tx, ty) = (x[keyPath: lastModified], y[keyPath: lastModified])
        let kept = try resolve(x, y)
        let other = try resolve(y, x)
        guard content(kept) == content(other) else {
          return .broke(
            "a device holding version \(i) keeps \(show(kept)), one holding version \(j) keeps \(show(other))"
              + (tx == ty ? " (their lastModified tie)" : ""), anomaly: .divergence)
        }
        if tx != ty {
          let later = tx > ty ? x : y
          guard content(kept) == content(later) else {
            return .broke("of versions \(i) and \(j), the older one is kept: \(show(kept))")
          }
        } else if content(kept) != content(x) && content(kept) != content(y) {
          return .broke(
            "of versions \(i) and \(j) (a tie), neither is kept: \(show(kept))", anomaly: .phantomData)
        }
      }
      for (i, version) in versions.enumerated()
      where content(try resolve(version, version)) != content(version) {
        return .broke("version \(i) against itself is not itself", anomaly: .phantomData)
      }
      let left = try resolve(try resolve(versions[0], versions[1]), versions[2])
      let right = try resolve(versions[0], try resolve(versions[1], versions[2]))
      guard content(left) == content(right) else {
        return .broke(
          "(0, 1) then 2 keeps \(show(left)), but 0 then (1, 2) keeps \(show(right))", anomaly: .divergence)
      }
    } catch {
      return .broke("resolving valid versions threw \(ModelProperties.describe(error))")
    }
    return .holds
  }
}
