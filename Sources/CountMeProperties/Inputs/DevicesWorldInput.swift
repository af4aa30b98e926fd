import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

/// The input of F14 and F20: devices exchanging whole stores, or syncing through the cloud.
///
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
