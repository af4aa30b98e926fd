import CountMeContract
import CountMeProperties
import PropertyHarness
import Testing

/// Every property that judges `layer`, run against `system` at `seed`, `cases` cases each.
func runEveryProperty(of layer: Layer, against system: some SystemUnderTest, seed: UInt64, cases: Int)
  -> RunReport
{
  Catalog.run(
    system, properties: Catalog.properties(of: layer).map(\.id),
    settings: RunSettings(seed: seed, cases: cases))
}

/// Expects `report` to have run every property that judges `layer`, none of them not checked.
func expectEveryPropertyRan(
  _ report: RunReport, of layer: Layer, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    report.properties.map(\.id) == Catalog.properties(of: layer).map(\.id) && report.notChecked.isEmpty,
    "\(report.properties.map(\.id)) ran; not checked: \(report.notChecked.map(\.reason))",
    sourceLocation: sourceLocation)
}

/// Expects `report` to have run every property that judges `layer`, and every one to hold.
func expectEveryPropertyHeld(
  _ report: RunReport, of layer: Layer, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectEveryPropertyRan(report, of: layer, sourceLocation: sourceLocation)
  #expect(
    report.passed, "\(report.failed.map { ($0.id, $0.failure?.observed ?? "") })",
    sourceLocation: sourceLocation)
}
