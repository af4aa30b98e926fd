import CountMeProperties
import PropertyHarness
import Testing

@Suite("The gate: properties 1–12 hold for CountMeCore (1,000 cases each, fixed seed)")
struct PropertyGateTests {
  static let seed: UInt64 = 0x0C0F_FEE0_2026_1122

  @Test("property holds", .tags(.property), arguments: 1...12)
  func holds(number: Int) throws {
    let report = Catalog.run(properties: [number], settings: RunSettings(seed: Self.seed, cases: 1_000))
    let property = try #require(report.properties.first)
    #expect(property.cases + property.discards >= 1_000)
    #expect(
      property.passed,
      "seed \(Seed.format(Self.seed)): \(HumanReport.failure(property).joined(separator: "\n"))")
  }

  @Test("the catalog numbers, names and requirements match the design document")
  func catalog() {
    let properties = Catalog.properties()
    #expect(properties.map(\.number) == Array(1...21))
    #expect(
      properties[12].name == "Queue size invariant" && properties[12].validates == ["7.1", "7.2", "7.3"])
    #expect(
      properties[13].name == "Queue processing continues despite individual failures"
        && properties[13].validates == ["8.4"])
    #expect(
      properties[0].name == "Valid FoodItem construction succeeds" && properties[0].validates == ["1.6"])
    #expect(properties[10].name == "Deserialization rejects out-of-range Firestore data")
    #expect(properties[10].validates == ["6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7"])
    #expect(properties[11].name == "Deserialization accepts valid Firestore data")
  }
}

import Generators
