import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// A property over `SharedDevicesScenario`s that `judge` decides from the run's record.
  ///
  /// The accounts layer, with the queue layer's queues, through the run's cloud.
  ///
  /// A phone that asked for a call out of place (a pass deleting an account) fails every one of them.
  static func sharedDevicesProperty(
    _ id: PropertyID, _ name: String, validates: [String], killBudget: Int = 500, expect: String,
    anomaly: Anomaly, judge: @escaping @Sendable (SharedDevicesRun) -> Finding?
  ) -> CatalogProperty {
    sharedDevicesSpec(
      id, name, validates: validates, killBudget: killBudget, expect: expect, anomaly: anomaly, judge: judge
    ).erased
  }

  /// `sharedDevicesProperty`'s spec: CountMe's collections, or with `collection` an app's.
  static func sharedDevicesSpec(
    _ id: PropertyID, _ name: String, validates: [String], killBudget: Int, expect: String, anomaly: Anomaly,
    collection: CollectionRun? = nil, judge: @escaping @Sendable (SharedDevicesRun) -> Finding?
  ) -> PropertySpec<SharedDevicesScenario> {
    let scenarios = collection.map { app in
      SharedDevicesScenario.generator.map { Tagged(app.syncing($0.value), tags: $0.tags) }
    }
    let collections = collection.map { [$0.entityType] } ?? SharedDevicesScenario.collections
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.accounts], uses: [.queue], killBudget: killBudget,
      generator: { _ in scenarios ?? SharedDevicesScenario.generator }, encode: \.json,
      decode: { json, _ in try SharedDevicesScenario(json: json, collections: collections) },
      expect: { _ in .holds(expect) },
      observe: { scenario, system in
        judging({ try collection?.run(scenario, system) ?? SharedDevicesRun.run(scenario, system) }) { run in
          (run.strays.first.map { Finding(nil, $0) } ?? judge(run)).map {
            Observation.broke($0.message, anomaly: $0.anomaly)
          } ?? .holds
        }
      })
    spec.cloud = .simulations
    spec.anomaly = anomaly
    spec.story = { scenario, system in collection?.story(scenario, system) ?? scenario.story(system) }
    // Version 4: the auth service throttles one or two calls in a third of the scenarios; version 5:
    // the phones sync one collection of four, drawn.
    spec.generatorVersion = 5
    spec.onAppCollection = collection != nil
    if collection == nil {
      spec.onCollection = { app in
        sharedDevicesSpec(
          id, name, validates: validates, killBudget: killBudget, expect: expect, anomaly: anomaly,
          collection: app, judge: judge
        ).erased
      }
    }
    return spec
  }
}
