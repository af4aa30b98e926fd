import CountMeProperties
import PropertyHarness
import Testing

@Suite("Catalog.run: R1 runs beside the other properties")
struct CatalogRunTests {
  @Test("R1 runs on a thread of its own, yet its report and its events come last, in catalog order")
  func besideInOrder() {
    var finished: [PropertyID] = []
    let report = Catalog.run(properties: ["R1", "P2", "P3"], settings: RunSettings(seed: 1, cases: 20)) {
      event in
      if case .propertyFinished(let property) = event { finished.append(property.id) }
    }
    // Without the emulator (outside CI) R1 is not checked, and says why; the order is the same.
    #expect(report.properties.map(\.id) + report.notChecked.map(\.id) == ["P2", "P3", "R1"])
    #expect(finished == report.properties.map(\.id))
    #expect(report.properties.allSatisfy { $0.passed })
  }
}
