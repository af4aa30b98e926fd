import CountMeWorlds
import Foundation

/// Which cloud a run's properties sync through: `CloudFake`, or the Firestore emulator under a rules file.
///
/// Which cloud a run's properties sync through: `CloudFake` (the default), or the Firestore
/// emulator, under a rules file, for the properties whose multi-device worlds run on a
/// `SimulationCloud`.
public enum CloudChoice: Sendable, Equatable {
  case fake
  /// The Firestore emulator: each case an empty project of its own under `rules`.
  case emulator(rules: RulesFile)

  /// The Firestore emulator under the rules file at `path` (relative to the current directory unless absolute).
  ///
  /// - Throws: `CocoaError` when the file cannot be read as UTF-8.
  public static func emulator(rulesAt path: String) throws -> CloudChoice {
    .emulator(rules: try RulesFile(path: path))
  }

  /// The rules the emulator's projects are made with; nil on the fake cloud.
  public var rules: RulesFile? {
    guard case .emulator(let rules) = self else { return nil }
    return rules
  }
}

/// How a property meets the cloud, which decides what `--cloud emulator` does with it.
enum CloudUse: Sendable, Equatable {
  /// It syncs through no cloud (models, documents, a world of whole stores).
  case none
  /// Its multi-device runs sync through a `SimulationCloud`: on the emulator under `--cloud emulator`.
  case simulations
  /// It syncs through `CloudFake` alone, for the reason given (its report says so on the emulator).
  case fakeOnly(String)
}
