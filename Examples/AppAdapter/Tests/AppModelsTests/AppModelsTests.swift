import CountMeHarness
import Foundation
import Testing

@Suite("The app's Meal keeps CountMe's FoodItem properties")
struct AppModelsTests {
  static let settings = RunSettings(seed: 0xC0FFEE, cases: 1_000)

  @Test("every models-layer property of the catalog holds for the app's Meal")
  func modelsHold() throws {
    let ids = try Catalog.select("P1-P10")
    let report = Catalog.run(AppAdapter(), properties: ids, settings: Self.settings)
    let failures = report.failed.flatMap { HumanReport.failure($0, style: Catalog.reportStyle) }
    #expect(report.passed, "\(failures.joined(separator: "\n"))")
    #expect(report.properties.map(\.id) == ids)
  }

  @Test("an adapter that explains NaN calories as negative is caught, shrunk to NaN, and replays")
  func wrongExplanationIsCaught() throws {
    let misreporting = AppAdapter(reportsNaNAsNegative: true)
    let report = Catalog.run(misreporting, properties: ["P2"], settings: Self.settings)
    let failure = try #require(report.properties.first?.failure, "P2 let a wrong explanation through")
    #expect(failure.tags == ["FoodItem.invalid.calories.nonFinite"])
    #expect(failure.counterexample["calories"] == .string("NaN"))
    #expect(failure.observed.hasPrefix("rejected with negativeCalories for FoodItem.calories"))
    let replayed = try #require(Catalog.replay(failure.token, on: misreporting))
    #expect(replayed.failure?.counterexample == failure.counterexample)
  }
}
