import PropertyHarness

/// The targets a coverage-guided fuzzer drives.
///
/// The targets a coverage-guided fuzzer (libFuzzer, on ClusterFuzzLite or OSS-Fuzz) drives: one
/// per parser of outside bytes, and two that read the bytes as a generator's choices, so the fuzzer
/// mutates structured documents and sync scenarios rather than raw text.
///
/// Each target has an oracle beyond "does not crash", written out in its file. `run` returns what
/// broke, or nil; the libFuzzer entry point (`Fuzz/`) traps on a finding so the fuzzer keeps the
/// input, and `countme-fuzz target` and the tests replay saved inputs without a sanitizer build.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Bytes as choices for the document generators (valid, benign and corrupted, every client
  /// shape), decoded as every model.
  case documents
  /// Bytes as text for the JSON parser and the Firestore REST typed-value reader.
  case restJSON = "rest-json"
  /// Bytes as an RFC 3339 timestamp.
  case rfc3339
  /// Bytes as a corpus case file.
  case corpusCase = "corpus-case"
  /// Bytes as a sync scenario file (a sync property's input).
  case scenarioFile = "scenario-file"
  /// Bytes as a queue file, its checksum made right when the first byte is even.
  case queueFile = "queue-file"
  /// Bytes as choices for the sync scenario generator, faults and restarts included.
  case syncScenario = "sync-scenario"

  /// What the target checks, one line.
  public var summary: String {
    switch self {
    case .documents:
      return "generated documents decode as their tag says, and as every other model without a trap"
    case .restJSON: return "JSON and REST typed values: parse, print, parse again gives the same value"
    case .rfc3339: return "a timestamp parses only within Firestore's range, and prints back to itself"
    case .corpusCase: return "a case file reads, writes back to the same case, and replays without a trap"
    case .scenarioFile: return "a readable scenario runs against the reference, and every invariant holds"
    case .queueFile: return "a queue file loads only if sound, round-trips, and survives any operations"
    case .syncScenario: return "a generated scenario runs against the reference, and every invariant holds"
    }
  }

  /// Runs the target on one input: nil when every check held, else what broke.
  public func run(_ bytes: [UInt8]) -> String? {
    switch self {
    case .documents: return DocumentFuzzing.run(bytes)
    case .restJSON: return TextFuzzing.restJSON(bytes)
    case .rfc3339: return TextFuzzing.rfc3339(bytes)
    case .corpusCase: return FileFuzzing.corpusCase(bytes)
    case .scenarioFile: return FileFuzzing.scenarioFile(bytes)
    case .queueFile: return QueueFileFuzzing.run(bytes)
    case .syncScenario: return SyncFuzzing.run(bytes)
    }
  }

  /// The bytes as UTF-8 text (a bad sequence read as U+FFFD), parsed as JSON; nil when they are not
  /// JSON.
  static func json(_ bytes: [UInt8]) -> JSON? { try? JSON.parse(String(decoding: bytes, as: UTF8.self)) }

  /// The target named `name`, or the one whose name ends `name` (a binary called
  /// `countme-fuzz-documents` is the `documents` target).
  public init?(named name: String) {
    if let exact = Self(rawValue: name) {
      self = exact
      return
    }
    guard let suffix = Self.allCases.first(where: { name.hasSuffix("-" + $0.rawValue) }) else { return nil }
    self = suffix
  }
}
