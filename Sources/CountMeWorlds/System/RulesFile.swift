import Foundation

/// A Firestore security rules file, read once: the rules an emulator run's projects are made with.
public struct RulesFile: Sendable, Equatable {
  /// The path as it was given, which reports name.
  public let path: String
  /// The file's text.
  public let text: String

  /// Where the rules we recommend are, from the repository's root; where `--cloud emulator` looks
  /// when it is given none.
  public static let recommendedPath = "firestore.rules"

  /// The rules at `path`, relative to the current directory unless absolute.
  ///
  /// - Throws: `CocoaError` when the file cannot be read as UTF-8.
  public init(path: String) throws {
    self.path = path
    text = try String(contentsOfFile: path, encoding: .utf8)
  }
}
