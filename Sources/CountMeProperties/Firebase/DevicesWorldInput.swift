import CountMeContract
import CountMeGenerators
import Generators
import PropertyHarness

/// The input of F14 and F20: devices exchanging whole stores (`DevicesRun`), or syncing through
/// the cloud with faults (`CloudDevicesRun`), where a device's way of deleting shows.
enum DevicesWorldInput: Sendable {
  case stores(DevicesScenario)
  case cloud(CloudDevicesInput)

  /// Two cases in three of whole stores, one through the cloud.
  static let generator: Generator<Tagged<DevicesWorldInput>> = Gen.frequency([
    (2, Gen.devicesScenario.map { Tagged(DevicesWorldInput.stores($0), tags: Firebase.devicesTags($0)) }),
    (
      1,
      CloudDevicesInput.generator.map {
        Tagged(DevicesWorldInput.cloud($0), tags: Firebase.cloudDevicesTags($0) + ["Devices.throughTheCloud"])
      }
    ),
  ])

  /// The scenario's own form; through the cloud, `CloudDevicesInput`'s (which has `faults`).
  var json: JSON {
    switch self {
    case .stores(let scenario): return scenario.json
    case .cloud(let input): return input.json
    }
  }

  /// Reads either form: one with `faults` runs through the cloud.
  init(json: JSON) throws {
    self =
      json["faults"] != nil
      ? .cloud(try CloudDevicesInput(json: json)) : .stores(try DevicesScenario(json: json))
  }
}

extension Firebase {
  /// A property over `DevicesWorldInput`s (F14, F20): `stores` judges a run of whole stores and
  /// `cloud` one through the cloud. It judges the conflicts layer and the device sync (with the
  /// queue), and its cloud runs go to the emulator under `--cloud emulator`.
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
        case .stores(let scenario): return DevicesRun.judged(scenario, system, stores)
        case .cloud(let input): return judging({ try CloudDevicesRun.run(input, system) }, cloud)
        }
      })
    spec.cloud = .simulations
    spec.anomaly = anomaly
    spec.story = { input, system in
      switch input {
      case .cloud(let input): return input.story(system)
      case .stores(let scenario): return scenario.storesStory(system)
      }
    }
    return spec.erased
  }
}
