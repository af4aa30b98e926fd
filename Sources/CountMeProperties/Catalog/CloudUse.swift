import Foundation

/// Which cloud a run's properties sync through: `CloudFake` (the default), or the Firestore
/// emulator, under a rules file, for the properties whose multi-device worlds run on a
/// `SimulationCloud`.
public enum CloudChoice: Sendable, Equatable {
  case fake
  /// The Firestore emulator: each case an empty project of its own under `rules`.
  case emulator(rules: RulesFile)

  /// True on the emulator, whatever its rules.
  public var isEmulator: Bool {
    if case .emulator = self { return true }
    return false
  }
}

/// A Firestore security rules file, read once: the rules an emulator run's projects are made with.
public struct RulesFile: Sendable, Equatable {
  /// The path as it was given, which reports name.
  public let path: String
  /// The file's text.
  public let text: String

  /// The rules at `path`, relative to the current directory unless absolute.
  ///
  /// - Throws: `CocoaError` when the file cannot be read as UTF-8.
  public init(path: String) throws {
    self.path = path
    text = try String(contentsOfFile: path, encoding: .utf8)
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
