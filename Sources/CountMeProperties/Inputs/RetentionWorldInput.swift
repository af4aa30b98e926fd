import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

/// The input of F26: devices exchanging all their data whole, or syncing their daily logs through the cloud.
///
/// The input of F26: devices exchanging all their data whole (`RetentionRun`), or syncing their
/// daily logs through the cloud with faults (`CloudDevicesRun`), where a retention's deletion
/// travels as any deletion does, through `CloudFake` or the Firestore emulator.
enum RetentionWorldInput: Sendable {
  case stores(RetentionScenario)
  case cloud(CloudDevicesInput)

  /// Two cases in three of whole stores, one through the cloud.
  static let generator: Generator<Tagged<RetentionWorldInput>> = Gen.frequency([
    (
      2,
      Gen.retentionScenario.map { Tagged(RetentionWorldInput.stores($0), tags: Firebase.retentionTags($0)) }
    ),
    (
      1,
      CloudDevicesInput.retentionGenerator.map {
        Tagged(
          RetentionWorldInput.cloud($0),
          tags: Firebase.cloudDevicesTags($0) + ["Retention.throughTheCloud"])
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

  /// Reads either form: one with `faults` runs through the cloud, and syncs daily logs, with no guest.
  init(json: JSON) throws {
    guard json["faults"] != nil else {
      self = .stores(try RetentionScenario(json: json))
      return
    }
    let input = try CloudDevicesInput(json: json, collections: [.dailyLog])
    guard input.signUp == nil else {
      throw InputDecodingError(
        path: "input.signUp",
        problem: "a retention run through the cloud has no guest: every device is signed in")
    }
    guard input.entityType == .dailyLog else {
      throw InputDecodingError(
        path: "input.collection", problem: "a retention run through the cloud syncs dailyLogs")
    }
    self = .cloud(input)
  }
}
