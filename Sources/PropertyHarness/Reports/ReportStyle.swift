import Generators

/// What a report says that belongs to the tool using the harness.
///
/// Not to the harness: the command that replays a token, the JUnit names, and how a seed is printed.
public struct ReportStyle: Sendable {
  /// The command a person runs with a token after it, e.g. `swift run my-fuzz replay`.
  public var replayCommand: String
  /// The JUnit `testsuites` name, and the prefix of the `testsuite` name.
  public var junitSuiteName: String
  /// The JUnit `classname` of every property's testcase.
  public var junitClassName: String
  /// How a seed is printed in summaries and reports (16 hex digits by default, as tokens spell it).
  public var formatSeed: @Sendable (UInt64) -> String

  /// Creates a `ReportStyle` from its parts.
  public init(
    replayCommand: String, junitSuiteName: String, junitClassName: String,
    formatSeed: @escaping @Sendable (UInt64) -> String = Seed.format
  ) {
    self.replayCommand = replayCommand
    self.junitSuiteName = junitSuiteName
    self.junitClassName = junitClassName
    self.formatSeed = formatSeed
  }
}
