import CountMeProperties
import Generators
import PropertyHarness
import Testing

@Suite("The gate: properties 13–21 hold for CountMeCore's queue (fixed seed)")
struct SyncGateTests {
  // NB: 300 cases each (P13: 100, its scenarios run to 3,000 steps), not 1,000, to keep the debug
  // test run within a few minutes on two cores; `countme-fuzz check` runs 1,000 of each.
  @Test("queue property holds", .tags(.property), arguments: 13...21)
  func holds(number: Int) throws {
    let seed: UInt64 = 0x0C0F_FEE0_2026_1122
    let report = Catalog.run(
      properties: [number], settings: RunSettings(seed: seed, cases: number == 13 ? 100 : 300))
    let property = try #require(report.properties.first)
    #expect(
      property.passed, "seed \(Seed.format(seed)): \(HumanReport.failure(property).joined(separator: "\n"))")
  }

  @Test("property 13 really goes over capacity in its scenarios")
  func thirteenReachesCapacity() throws {
    let report = Catalog.run(properties: [13], settings: RunSettings(seed: 5, cases: 40))
    let over = report.properties[0].tagCounts.first { $0.0 == "Sync.overCapacity" }?.1 ?? 0
    #expect(over >= 10, "\(report.properties[0].tagCounts)")
  }
}
