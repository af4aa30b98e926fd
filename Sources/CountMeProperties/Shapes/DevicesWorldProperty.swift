import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

extension Firebase {
  /// A property over `DevicesWorldInput`s (F14, F20): `stores` judges a run of whole stores and
  /// `cloud` one through the cloud.
  ///
  /// It judges the conflicts layer and the device sync (with the queue), and its cloud runs go to the
  /// emulator under `--cloud emulator`.
  static func devicesWorldProperty(
    _ id: PropertyID, _ name: String, validates: [String], expect: String, anomaly: Anomaly,
    stores: @escaping @Sendable (DevicesRun) -> Observation,
    cloud: @escaping @Sendable (CloudDevicesRun) -> Observation
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.conflicts, .deviceSync], uses: [.queue],
      killBudget: 500, generator: { _ in DevicesWorldInput.generator }, encode: \.json,
      decode: { json, _ in try DevicesWorldInput(json: json) }, expect: { _ in .holds(expect) },
      observe: { input, system in
        switch input {
        case .stores(let scenario): return judging({ try DevicesRun.run(scenario, system) }, stores)
        case .cloud(let input): return judging({ try CloudDevicesRun.run(input, system) }, cloud)
        }
      })
    spec.cloud = .simulations
    spec.anomaly = anomaly
    spec.generatorVersion = 2  // since daily logs joined the collections of the runs through the cloud
    spec.story = { input, system in
      switch input {
      case .cloud(let input): return input.story(system)
      case .stores(let scenario): return scenario.storesStory(system)
      }
    }
    // On an app's collection, its runs through the cloud: the whole stores are CountMe's food items.
    spec.onCollection = { app in
      cloudDevicesSpec(
        id, name, validates: validates, expect: expect, anomaly: anomaly, inputs: CloudDevicesInput.generator,
        killBudget: 500, generatorVersion: 2, collection: app, judge: cloud
      ).erased
    }
    return spec.erased
  }
}
