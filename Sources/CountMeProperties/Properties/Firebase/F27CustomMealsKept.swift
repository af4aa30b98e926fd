import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 27: custom meals are kept whatever their age.
  ///
  /// Retention never deletes or changes a meal, and once quiet every meal is live, the same, everywhere.
  ///
  /// The oracle, written out: after each retention pass the device's meals are exactly those before
  /// it; once quiet every place holds every meal of the scenario exactly as it was at the start.
  static let customMealsKept = retentionProperty(
    "F27", "Custom meals retained indefinitely", validates: ["11.3"],
    expect: "every custom meal is kept everywhere, whatever its age", anomaly: .lostUpdate,
    judge: judgeCustomMealsKept)

  /// The verdict on one run.
  static func judgeCustomMealsKept(_ run: RetentionRun) -> Observation {
    for pass in run.passes where pass.after.customMeals != pass.before.customMeals {
      return .broke("device \(pass.device)'s retention pass changed its custom meals: \(meals(pass.after))")
    }
    for slot in run.scenario.mealAges.indices {
      let id = RetentionRun.mealID(slot)
      let age = run.scenario.mealAges[slot] / RetentionScenario.day
      // Nothing in a scenario edits a meal: every place must hold it exactly as it started.
      for (name, data) in run.places
      where data.customMeals.live[id] == nil || data.customMeals.live[id] != run.initial.customMeals.live[id]
      {
        return .broke(
          "custom meal \(slot), made \(age) days before the start, is not kept by \(name) once quiet")
      }
    }
    return .holds
  }

  /// A store's meals for a report: "meal 0, meal 1 (deleted)".
  static func meals(_ data: UserData) -> String {
    let live = data.customMeals.entities.map(\.name)
    let deleted = data.customMeals.deleted.keys.map(\.uuidText).sorted().map { "\($0) (deleted)" }
    return (live + deleted).joined(separator: ", ")
  }
}
