/// The outcome of a run over several properties.
public struct RunReport: Sendable {
  /// The run seed.
  public let seed: UInt64
  /// Each property's report, in the order run.
  public let properties: [PropertyReport]
  /// The properties selected but not run, each with why: never counted as passed.
  public let notChecked: [NotChecked]
  /// Wall time it took.
  public let seconds: Double

  /// Creates a `RunReport` from its parts.
  public init(seed: UInt64, properties: [PropertyReport], notChecked: [NotChecked] = [], seconds: Double) {
    self.seed = seed
    self.properties = properties
    self.notChecked = notChecked
    self.seconds = seconds
  }

  /// The reports of the properties that failed (a known finding that reproduced is not a failure).
  public var failed: [PropertyReport] { properties.filter { $0.status == .failed } }
  /// The known findings the run reproduced, each with its counterexample.
  public var knownFindings: [PropertyReport] { properties.filter { $0.status == .knownFinding } }
  /// The known findings the run did not reproduce: no counterexample in the cases it ran.
  public var unreproduced: [PropertyReport] { properties.filter { $0.status == .notReproduced } }
  /// True when no property that ran failed (see `notChecked` for those that did not run).
  public var passed: Bool { failed.isEmpty }
}

/// A property a run selected but could not run, and why.
public struct NotChecked: Sendable, Equatable {
  /// The property's id.
  public let id: PropertyID
  /// Its name.
  public let name: String
  /// The requirements it would have validated.
  public let validates: [String]
  /// Why it did not run, for a person: what the system lacks.
  public let reason: String
  /// True when what was missing is the run's own setup (a server it needs), not a part of the
  /// system: a command reports it as an input error.
  public let isInputError: Bool

  /// Creates a `NotChecked` from its parts.
  public init(id: PropertyID, name: String, validates: [String], reason: String, isInputError: Bool = false) {
    self.id = id
    self.name = name
    self.validates = validates
    self.reason = reason
    self.isInputError = isInputError
  }
}

/// The outcome of one property.
public struct PropertyReport: Sendable {
  /// The property's id.
  public let id: PropertyID
  /// The property's name.
  public let name: String
  /// The requirements it validates.
  public let validates: [String]
  /// Cases generated and checked.
  public let cases: Int
  /// Candidates a generator's filter threw away, and cases it gave up on.
  public let discards: Int
  /// Wall time it took.
  public let seconds: Double
  /// Each tag and how many cases had it, sorted by tag.
  public let tagCounts: [(String, Int)]
  /// The first failure, shrunk; nil when every case passed.
  public let failure: FailureReport?
  /// The input as generated (replay only; `.null` in a run).
  public let input: JSON
  /// When the property is a known finding of the rules it judges (its policy's own rules break
  /// it): what the finding is.
  ///
  /// Its failure is then reported as that finding, not as a failure.
  public internal(set) var knownFinding: String?
  /// What the run stood on besides the system's own code, e.g. "the reference queue"; empty when
  /// every part it exercised was the system's.
  public var conditions: [String]

  /// Creates a `PropertyReport` from its parts.
  public init(
    id: PropertyID, name: String, validates: [String], cases: Int, discards: Int, seconds: Double,
    tagCounts: [(String, Int)], failure: FailureReport?, input: JSON = .null, conditions: [String] = []
  ) {
    self.id = id
    self.name = name
    self.validates = validates
    self.cases = cases
    self.discards = discards
    self.seconds = seconds
    self.tagCounts = tagCounts
    self.failure = failure
    self.input = input
    self.conditions = conditions
  }

  /// How a property's run came out.
  public enum Status: String, Sendable {
    /// Every case held.
    case passed
    /// A case broke it.
    case failed
    /// A known finding, reproduced: its counterexample shows it (never a pass).
    case knownFinding = "known finding"
    /// A known finding no case reproduced (never a pass: the finding was not shown).
    case notReproduced = "known finding not reproduced"
  }

  /// How it came out.
  public var status: Status {
    switch (failure == nil, knownFinding == nil) {
    case (true, true): return .passed
    case (false, true): return .failed
    case (false, false): return .knownFinding
    case (true, false): return .notReproduced
    }
  }

  /// True when every case held and it is no known finding.
  public var passed: Bool { status == .passed }
  /// Cases per second of wall time.
  public var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }
}

/// A failing case, shrunk, with everything needed to act on it.
public struct FailureReport: Sendable {
  /// Reproduces the original case: the replay command followed by this token.
  public let token: ReplayToken
  /// The shrunk input.
  public let counterexample: JSON
  /// Tags of the shrunk input.
  public let tags: [String]
  /// The input as first generated.
  public let original: JSON
  /// What the shrunk input did.
  public let observed: String
  /// What it should have done.
  public let expected: String
  /// Simplifications the shrinker kept.
  public let shrinkSteps: Int
  /// Times the shrinker ran the property.
  public let shrinkRuns: Int
  /// What the property expects of the shrunk input, for a corpus file (`.null` when unknown).
  public let expectation: JSON
  /// Which parts of the counterexample can change freely, when the explain phase found any.
  public internal(set) var explanation: Explanation?
  /// For a sync property: what kind of wrong the shrunk counterexample is.
  public internal(set) var anomaly: Anomaly?
  /// For a sync property: the shrunk counterexample's run as a sequence diagram.
  public internal(set) var diagram: SequenceDiagram?
}
