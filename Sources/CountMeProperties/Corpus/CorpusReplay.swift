/// Replays corpus cases against an implementation, judged by the case's property.
public enum CorpusReplay {
  /// The outcome of one case.
  public struct Outcome: Sendable {
    /// The implementation did what the case expects.
    public let passed: Bool
    /// What it did.
    public let observed: String
  }

  /// Runs `corpusCase` against `system` and compares with its expectation.
  public static func run(_ corpusCase: CorpusCase, on system: some SystemUnderTest = ReferenceSystem())
    -> Outcome
  {
    let observation = observe(corpusCase, system)
    return Outcome(
      passed: corpusCase.expect.expectation.isMet(by: observation), observed: observation.description)
  }

  /// What `system` does with the case's input now (what `corpus add` records when no expectation
  /// is given); nil when that is no clear outcome.
  public static func currentExpectation(
    _ corpusCase: CorpusCase, on system: some SystemUnderTest = ReferenceSystem()
  ) -> CorpusExpectation? {
    observe(corpusCase, system).expectation
  }

  private static func observe(_ corpusCase: CorpusCase, _ system: some SystemUnderTest) -> Observation {
    guard let property = Catalog.property(corpusCase.property) else {
      return .broke("no property \(corpusCase.property)")
    }
    do {
      return try property.observe(corpusCase.input, context: corpusCase.context, on: system)
    } catch {
      return .broke("the input cannot be read: \(error)")
    }
  }
}
