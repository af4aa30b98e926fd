import CountMeHarness
import Foundation
import Testing

@Suite("The app's Meal keeps CountMe's FoodItem properties")
struct AppModelsTests {
  static let settings = RunSettings(seed: 0xC0FFEE, cases: 1_000)

  @Test("the catalog runs P1 and P2 against the app's Meal and names every other property not checked")
  func modelsHold() throws {
    let report = Catalog.run(AppAdapter(), settings: Self.settings)
    let failures = report.failed.flatMap { HumanReport.failure($0, style: Catalog.reportStyle) }
    #expect(report.passed, "\(failures.joined(separator: "\n"))")
    #expect(report.properties.map(\.id) == ["P1", "P2"])
    #expect(report.properties.allSatisfy { $0.conditions.isEmpty && $0.cases == 1_000 })
    #expect(report.notChecked.map(\.id) == Catalog.ids.filter { $0 != "P1" && $0 != "P2" })
    let reasons = Dictionary(uniqueKeysWithValues: report.notChecked.map { ($0.id, $0.reason) })
    #expect(reasons["P3"] == "AppAdapter does not implement the exercise items layer (ExerciseItemsLayer)")
    #expect(
      reasons["P26"]
        == "AppAdapter does not implement the layers exercise items (ExerciseItemsLayer), custom meals "
        + "(CustomMealsLayer), daily logs (DailyLogsLayer), user goals (UserGoalsLayer)")
    #expect(
      reasons["F12"]
        == "AppAdapter does not implement the layers queue (QueueLayer), device sync (DeviceSyncLayer)")
    #expect(
      HumanReport.summary(report, style: Catalog.reportStyle).hasPrefix(
        "all 2 properties passed, 91 not checked;"))
  }

  @Test("borrowed models run with the reference, and every report of a property that used them says so")
  func borrowedLayersAreNamed() throws {
    let borrowing = AppAdapter(borrowedLayers: [.exerciseItems, .customMeals, .dailyLogs, .userGoals])
    let ids = try Catalog.select("P1-P4,P26")
    let report = Catalog.run(borrowing, properties: ids, settings: RunSettings(seed: 0xC0FFEE, cases: 200))
    #expect(report.passed && report.notChecked.isEmpty)
    let conditions = Dictionary(uniqueKeysWithValues: report.properties.map { ($0.id, $0.conditions) })
    #expect(conditions["P1"] == [] && conditions["P2"] == [])
    #expect(conditions["P3"] == ["the reference exercise items"])
    #expect(
      conditions["P26"]
        == [
          "the reference exercise items", "the reference custom meals", "the reference daily logs",
          "the reference user goals",
        ])
    let p3 = try #require(report.properties.first { $0.id == "P3" })
    #expect(HumanReport.line(p3).hasSuffix(", with the reference exercise items"))
  }

  @Test("diff: the app's Meal observes every P1 and P2 input as CountMeCore's FoodItem does")
  func sameAsTheReference() {
    let report = Catalog.diff(
      ReferenceSystem(), AppAdapter(), properties: ["P1", "P2"], settings: Self.settings)
    #expect(report.passed, "\(report.failed.map { "\($0.id): \($0.failure?.observed ?? "")" })")
    #expect(report.properties.map(\.cases) == [1_000, 1_000])
  }

  @Test("diff finds the adapter that explains NaN calories as negative without asking any oracle")
  func diffFindsTheWrongExplanation() throws {
    let report = Catalog.diff(
      ReferenceSystem(), AppAdapter(reportsNaNAsNegative: true), properties: ["P2"], settings: Self.settings)
    let failure = try #require(report.properties.first?.failure)
    #expect(failure.counterexample["calories"] == .string("NaN"))
    #expect(
      failure.observed.hasPrefix("observed otherwise at observation.rejected.error"), "\(failure.observed)")
  }

  @Test("an adapter that explains NaN calories as negative is caught, shrunk to NaN, and replays")
  func wrongExplanationIsCaught() throws {
    let misreporting = AppAdapter(reportsNaNAsNegative: true)
    let report = Catalog.run(misreporting, properties: ["P2"], settings: Self.settings)
    let failure = try #require(report.properties.first?.failure, "P2 let a wrong explanation through")
    #expect(failure.tags == ["FoodItem.invalid.calories.nonFinite"])
    #expect(failure.counterexample["calories"] == .string("NaN"))
    #expect(failure.observed.hasPrefix("rejected with negativeCalories for FoodItem.calories"))
    let replayed = try #require(try Catalog.replay(failure.token, on: misreporting))
    #expect(replayed.failure?.counterexample == failure.counterexample)
  }
}
