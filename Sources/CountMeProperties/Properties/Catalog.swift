import Generators
import PropertyHarness

/// The properties of the robustness-hardening design, numbered and named as in its document.
public enum Catalog {
  /// The numbers of the catalog's properties.
  public static let numbers = Array(1...21)

  /// Properties 1–14 and the queue invariants 15–21, checking `system`.
  public static func properties(for system: some SystemUnderTest = ReferenceSystem()) -> [AnyProperty] {
    typealias M = ModelProperties
    return [
      M.acceptance(
        1, "Valid FoodItem construction succeeds", ["1.6"], Gen.validFoodItem, make: system.makeFoodItem),
      M.rejection(
        2, "Invalid FoodItem construction is rejected", ["1.1", "1.2", "1.3", "1.4", "1.5"],
        Gen.invalidFoodItem, make: system.makeFoodItem),
      M.acceptance(
        3, "Valid ExerciseItem construction succeeds", ["2.6"], Gen.validExerciseItem,
        make: system.makeExerciseItem),
      M.rejection(
        4, "Invalid ExerciseItem construction is rejected", ["2.1", "2.2", "2.3", "2.4", "2.5"],
        Gen.invalidExerciseItem, make: system.makeExerciseItem),
      M.acceptance(
        5, "Valid Ingredient construction succeeds", ["3.7"], Gen.validIngredient, make: system.makeIngredient
      ),
      M.rejection(
        6, "Invalid Ingredient construction is rejected", ["3.1", "3.2", "3.3", "3.4", "3.5", "3.6"],
        Gen.invalidIngredient, make: system.makeIngredient),
      M.acceptance(
        7, "Valid CustomMeal construction succeeds", ["4.4"], Gen.validCustomMeal, make: system.makeCustomMeal
      ),
      // NB: besides the wording's name and servings rules, this draws empty ingredient lists too
      // (requirement 4.2, which no other property covers).
      M.rejection(
        8, "Invalid CustomMeal construction is rejected", ["4.1", "4.2", "4.3"], Gen.invalidCustomMeal,
        make: system.makeCustomMeal),
      M.acceptance(
        9, "Valid DailyLog construction succeeds", ["5.3", "5.4"], Gen.validDailyLog,
        make: system.makeDailyLog),
      M.rejection(
        10, "Invalid DailyLog construction is rejected", ["5.1", "5.2"], Gen.invalidDailyLog,
        make: system.makeDailyLog),
      DocumentProperties.rejection(system),
      DocumentProperties.acceptance(system),
    ] + SyncProperties.properties(system)
  }

  /// Runs the catalog, or the properties numbered `numbers`, against `system`.
  ///
  /// - Parameters:
  ///   - system: the implementation to check; `ReferenceSystem()` is CountMeCore.
  ///   - numbers: the properties to run, in catalog order; nil for all.
  ///   - settings: seed, cases per property, time and shrink budgets.
  ///   - emit: receives progress events; may be left out.
  /// - Returns: the report, with a replay token and a shrunk counterexample for each failure.
  public static func run(
    _ system: some SystemUnderTest = ReferenceSystem(), properties numbers: [Int]? = nil,
    settings: RunSettings,
    emit: (RunEvent) -> Void = { _ in }
  ) -> RunReport {
    let selected = properties(for: system).filter { numbers?.contains($0.number) ?? true }
    return Runner.run(selected, settings: settings, emit: emit)
  }

  /// Replays the case `token` names against `system`; nil when no property has that number.
  public static func replay(_ token: ReplayToken, on system: some SystemUnderTest = ReferenceSystem())
    -> PropertyReport?
  {
    guard let property = properties(for: system).first(where: { $0.number == token.property }) else {
      return nil
    }
    return Runner.replay(token, on: property)
  }
}
