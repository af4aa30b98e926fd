import CountMeContract
import CountMeWorlds

/// Replays corpus cases against an implementation, judged by the case's property.
public enum CorpusReplay {
  /// The outcome of one case.
  public struct Outcome: Sendable {
    /// The implementation did what the case expects (never true for a case not checked).
    public let passed: Bool
    /// What it did.
    public let observed: String
    /// Why the case did not run (the implementation lacks a layer its property needs); nil when it ran.
    public let notChecked: String?
  }

  /// Runs `corpusCase` against `system` and compares with its expectation; a case whose property
  /// needs a layer `system` lacks is not checked, and says why.
  public static func run(_ corpusCase: CorpusCase, on system: some SystemUnderTest = ReferenceSystem())
    -> Outcome
  {
    let layers = SystemLayers(system)
    if let property = Catalog.property(corpusCase.property),
      let skipped = Catalog.notChecked(property, layers, system)
    {
      return Outcome(passed: false, observed: "not checked", notChecked: skipped.reason)
    }
    let observation = observe(corpusCase, layers)
    return Outcome(
      passed: corpusCase.expect.expectation.isMet(by: observation), observed: observation.description,
      notChecked: nil)
  }

  /// What CountMeCore does with the case's input now (what `corpus add` records when no
  /// expectation is given); nil when that is no clear outcome.
  public static func currentExpectation(_ corpusCase: CorpusCase) -> CorpusExpectation? {
    observe(corpusCase, .reference).expectation
  }

  private static func observe(_ corpusCase: CorpusCase, _ system: SystemLayers) -> Observation {
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
