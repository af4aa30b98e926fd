import Generators

/// What a property says about one input.
public enum Verdict: Sendable, Equatable {
  case pass
  /// The input broke the property: what happened, what should have, and for a sync property the
  /// kind of wrong it is.
  case fail(observed: String, expected: String, anomaly: Anomaly? = nil)

  /// True for a failure.
  public var failed: Bool { self != .pass }
}

/// A property: a statement that must hold for every input its generator makes.
///
/// `check` must be deterministic and must not trap; `describe` renders an input readably for reports
/// (model arguments as a JSON object, documents as Firestore REST JSON).
public struct Property<Input>: Sendable {
  /// The property's id, e.g. `P2` or `F19`.
  public let id: PropertyID
  /// Its name.
  public let name: String
  /// The acceptance criteria it validates, e.g. `["1.6"]`.
  public let validates: [String]
  /// Makes its inputs.
  public let generator: Generator<Tagged<Input>>
  /// Judges one input.
  public let check: @Sendable (Tagged<Input>) -> Verdict
  /// An input as JSON, for reports.
  public let describe: @Sendable (Input) -> JSON
  /// What the property expects of an input, as a corpus file records it (`.null` when unknown).
  public let expectation: @Sendable (Tagged<Input>) -> JSON
  /// The version of its generator, raised whenever a seed would give another case.
  ///
  /// The version of its generator: raised whenever a change makes a seed give another case, so
  /// that a token of the old version is refused instead of replaying a different case.
  public let generatorVersion: Int
  /// The sync policy it runs under when not the default, which its tokens name (`~policy`).
  public var policy: String?
  /// A picture of a failing input's run, for a sync property.
  ///
  /// Given the input and the failure's observed and expected text, its sequence diagram (nil when it has
  /// none).
  ///
  /// Called once, on the shrunk counterexample, so checking never pays for recording it.
  public var diagram: (@Sendable (Tagged<Input>, _ observed: String, _ expected: String) -> SequenceDiagram?)?
  /// One case from its seed, generated without recording and checked.
  ///
  /// What the runner does for every case (`compileCases()` makes it where `Input` is known).
  @usableFromInline var runCase: @Sendable (UInt64) -> CaseOutcome

  /// Creates a `Property` from its parts.
  public init(
    id: PropertyID, name: String, validates: [String], generator: Generator<Tagged<Input>>,
    generatorVersion: Int = 1, describe: @escaping @Sendable (Input) -> JSON,
    expectation: @escaping @Sendable (Tagged<Input>) -> JSON = { _ in .null },
    diagram: (@Sendable (Tagged<Input>, String, String) -> SequenceDiagram?)? = nil,
    check: @escaping @Sendable (Tagged<Input>) -> Verdict
  ) {
    self.diagram = diagram
    self.id = id
    self.name = name
    self.validates = validates
    self.generator = generator
    self.generatorVersion = generatorVersion
    self.check = check
    self.describe = describe
    self.expectation = expectation
    runCase = Self.caseFunction(generator, check)
  }

  /// Makes the case function where `Input` is a known type.
  ///
  /// Makes the case function here: called where `Input` is a known type, an optimised build
  /// compiles each case's generation and check for it (unspecialised, a case looked up the
  /// metadata of its generic types three times and destroyed its value through them).
  @inlinable
  public mutating func compileCases() { runCase = Self.caseFunction(generator, check) }

  /// A case: `generator`'s value for a seed, made without recording, and `check`'s verdict on it.
  @inlinable
  static func caseFunction(
    _ generator: Generator<Tagged<Input>>, _ check: @escaping @Sendable (Tagged<Input>) -> Verdict
  ) -> @Sendable (UInt64) -> CaseOutcome {
    { seed in
      guard let generated = try? generator.generate(seed: seed, recording: false) else { return .discarded }
      return .ran(
        rejections: generated.rejections, tags: generated.value.tags, failed: check(generated.value).failed)
    }
  }
}

/// What one case of a run came to, as the runner tallies it.
@usableFromInline
enum CaseOutcome: Sendable {
  /// The generator gave no value (a filter ran out of attempts).
  case discarded
  /// It ran: the candidates filters threw away, the input's tags, and whether the check failed.
  case ran(rejections: Int, tags: [String], failed: Bool)
}

/// A property of any input type, as the catalog and the runner hold it.
public struct AnyProperty: Sendable {
  /// Its id.
  public let id: PropertyID
  /// Its name.
  public let name: String
  /// The requirements it validates.
  public let validates: [String]
  /// The version of its generator (`Property.generatorVersion`).
  public let generatorVersion: Int
  /// The sync policy it runs under when not the default (`Property.policy`).
  public let policy: String?
  var run: @Sendable (RunSettings, (RunEvent) -> Void) -> PropertyReport
  var replay: @Sendable (ReplayToken, RunSettings) -> PropertyReport
  var block: @Sendable (RunSettings, CaseBlock) -> BlockTally

  /// Creates a `AnyProperty` from its parts.
  public init<Input>(_ property: Property<Input>) {
    id = property.id
    name = property.name
    validates = property.validates
    generatorVersion = property.generatorVersion
    policy = property.policy
    run = { settings, emit in PropertyRunner(property: property, settings: settings).run(emit: emit) }
    replay = { token, settings in PropertyRunner(property: property, settings: settings).replay(token) }
    block = { settings, block in PropertyRunner(property: property, settings: settings).runBlock(block) }
  }

  /// Runs `block` of the cases a run with `settings` makes, and returns their tally.
  ///
  /// A lane's share of a run in parallel (`CaseLanes`), in the process the lane stands for.
  public func run(_ block: CaseBlock, settings: RunSettings) -> BlockTally { self.block(settings, block) }

  /// The same property, running at most `cases` cases whatever a run's settings ask.
  public func capped(at cases: Int) -> AnyProperty {
    var copy = self
    let run = self.run
    let block = self.block
    @Sendable func capping(_ settings: RunSettings) -> RunSettings {
      var capped = settings
      capped.cases = Swift.min(settings.cases, cases)
      return capped
    }
    copy.run = { settings, emit in run(capping(settings), emit) }
    copy.block = { settings, range in block(capping(settings), range) }
    return copy
  }

  /// The same property as a known finding (`PropertyReport.knownFinding`): its reports say
  /// `finding`, and a failure is that finding reproduced.
  public func knownFinding(_ finding: String) -> AnyProperty {
    changingReports { $0.knownFinding = finding }
  }

  /// The same property, its every report stating `conditions` (e.g. "the reference queue").
  public func with(conditions: [String]) -> AnyProperty {
    guard !conditions.isEmpty else { return self }
    return changingReports { $0.conditions = conditions }
  }

  /// The same property, `change` applied to every report it gives: a run's, the one its
  /// `propertyFinished` event carries, and a replay's.
  private func changingReports(_ change: @escaping @Sendable (inout PropertyReport) -> Void) -> AnyProperty {
    var copy = self
    let (run, replay) = (self.run, self.replay)
    copy.run = { settings, emit in
      var report = run(settings) { event in
        guard case .propertyFinished(var finished) = event else { return emit(event) }
        change(&finished)
        emit(.propertyFinished(finished))
      }
      change(&report)
      return report
    }
    copy.replay = { token, settings in
      var report = replay(token, settings)
      change(&report)
      return report
    }
    return copy
  }
}
