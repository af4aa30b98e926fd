/// How much to run: cases, time, shrinking effort, and which seed.
public struct RunSettings: Sendable {
  /// The run seed, from which every case is derived.
  public var seed: UInt64
  /// Cases per property (default 1,000).
  public var cases: Int
  /// Stop a property's cases after this many seconds, if set (the cases run so far count).
  public var maxSeconds: Double?
  /// Property runs the shrinker may spend on one failure.
  public var shrinkBudget: Int
  /// Emit `caseStarted` before every case (for finding a case that traps).
  public var verbose: Bool
  /// Appended to replay tokens (`@variant`), naming the implementation under test when not the reference.
  public var variant: String?
  /// Threads that run a property's cases (1: one at a time).
  ///
  /// Results, counterexamples and reports are the same for any number; only the time differs. Ignored under
  /// `maxSeconds` and `verbose`, whose runs are one at a time.
  public var jobs: Int
  /// The slice of the cases this run makes (`Shard.whole`: all of them).
  ///
  /// `cases` counts the whole run's cases, so the shards of one seed together make exactly the whole run.
  public var shard: Shard = .whole
  /// After shrinking, say which parts of the counterexample can change freely (`Explainer`).
  public var explain = true
  /// After shrinking, draw a sync failure's counterexample (`Property.diagram`): one more run.
  public var draw = true
  /// Lanes beside this process that run blocks of cases in parallel.
  ///
  /// Lanes beside this process that run blocks of cases when cases run in parallel: `jobs − 1` of
  /// them, the process's own thread the other; nil: `jobs` threads of this process.
  public var lanes: (any CaseLanes)?

  /// Creates a `RunSettings` from its parts.
  public init(
    seed: UInt64, cases: Int = 1_000, maxSeconds: Double? = nil, shrinkBudget: Int = 2_000,
    verbose: Bool = false, variant: String? = nil, jobs: Int = 1
  ) {
    self.seed = seed
    self.cases = cases
    self.maxSeconds = maxSeconds
    self.shrinkBudget = shrinkBudget
    self.verbose = verbose
    self.variant = variant
    self.jobs = max(1, jobs)
  }
}

/// What the runner reports as it goes; recorders render these (console) or the final report.
public enum RunEvent: Sendable {
  case propertyStarted(id: PropertyID, name: String)
  /// Only when `verbose`: the token of the case about to run.
  case caseStarted(ReplayToken)
  case propertyFinished(PropertyReport)
}
