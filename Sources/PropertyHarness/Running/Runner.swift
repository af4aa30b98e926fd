/// Runs properties in order and collects the report.
public enum Runner {
  /// Runs each of `properties` for `settings.cases` cases (or its time budget).
  ///
  /// - Parameters:
  ///   - properties: the properties, run in the order given.
  ///   - settings: seed, cases, time budget, shrink budget.
  ///   - emit: receives events as the run goes (for a console recorder); may be empty.
  /// - Returns: the report of every property.
  public static func run(
    _ properties: [AnyProperty], settings: RunSettings, emit: (RunEvent) -> Void = { _ in }
  )
    -> RunReport
  {
    let clock = ContinuousClock()
    let start = clock.now
    let reports = properties.map { $0.run(settings, emit) }
    let elapsed = clock.now - start
    return RunReport(
      seed: settings.seed, properties: reports,
      seconds: elapsed.inSeconds)
  }

  /// Re-runs the single case `token` names against `property`, shrinking it if it still fails.
  ///
  /// - Throws: `ReplayToken.Refusal` when another version of the property's generator made the
  ///   token (its seed would make another case), or the token names a policy the property does not
  ///   run under. A token naming no policy replays under the property's own.
  public static func replay(_ token: ReplayToken, on property: AnyProperty, shrinkBudget: Int = 2_000)
    throws(ReplayToken.Refusal) -> PropertyReport
  {
    guard token.generatorVersion == property.generatorVersion else {
      throw .version(token, current: property.generatorVersion)
    }
    guard token.policy == nil || token.policy == property.policy else {
      throw .policy(token, current: property.policy)
    }
    return property.replay(
      token, RunSettings(seed: token.seed, shrinkBudget: shrinkBudget, variant: token.variant))
  }
}
