import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

extension Firebase {
  /// A retention property (F26–F28): the retention scenarios, their JSON form, the run, and
  /// `judge`'s verdict on it.
  static func retentionProperty(
    _ id: PropertyID, _ name: String, validates: [String], expect: String, anomaly: Anomaly,
    judge: @escaping @Sendable (RetentionRun) -> Observation
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.retention], killBudget: 500,
      generator: { _ in Gen.retentionScenario.map { Tagged($0, tags: retentionTags($0)) } },
      encode: \.json, decode: { json, _ in try RetentionScenario(json: json) },
      expect: { _ in .holds(expect) },
      observe: { scenario, system in judging({ try RetentionRun.run(scenario, system) }, judge) })
    spec.anomaly = anomaly
    spec.story = { scenario, system in scenario.story(system) }
    return spec.erased
  }
}
