import CountMeContract
import CountMeWorlds
import PropertyHarness

extension Catalog {
  /// Runs the same inputs against `reference` and `other`, failing each property where they differ.
  ///
  /// Runs the same generated inputs against `reference` and `other`, and fails each property at
  /// the first input the two observe differently: another acceptance, error, decoded value, verdict,
  /// or (for a sync property) another cloud call or answer in its run.
  ///
  /// The difference is shrunk and its token replays it (`replayDifference`). A property is checked when both
  /// systems provide its layers, each report naming the layers a side borrowed from CountMeCore (as `run`
  /// does); R1, which judges the harness's fake, never.
  ///
  /// - Parameters:
  ///   - reference: the implementation whose observations are expected (the code before a refactor,
  ///     or `ReferenceSystem()`).
  ///   - other: the implementation compared with it (the code after, or an app's adapter).
  ///   - ids: the properties to run, in catalog order; nil for all.
  ///   - settings: seed, cases, budgets; `variant` names `other` in tokens.
  ///   - sync: the sync options both run under.
  ///   - emit: receives progress events.
  /// - Returns: the report: a failure is a difference, with both observations.
  public static func diff(
    _ reference: some SystemUnderTest, _ other: some SystemUnderTest, properties ids: [PropertyID]? = nil,
    settings: RunSettings, sync: SyncOptions = SyncOptions(), emit: (RunEvent) -> Void = { _ in }
  ) -> RunReport {
    let (expected, compared) = (SystemLayers(reference), SystemLayers(other))
    var toRun: [AnyProperty] = []
    var notChecked: [NotChecked] = []
    for spec in all where ids?.contains(spec.id) ?? true {
      if let reason = differenceProblem(spec, expected, compared, reference, other) {
        notChecked.append(NotChecked(id: spec.id, name: spec.name, validates: spec.validates, reason: reason))
      } else {
        toRun.append(differenceRunnable(spec, expected, compared, sync))
      }
    }
    let report = Runner.run(toRun, settings: settings, emit: emit)
    return RunReport(
      seed: report.seed, properties: report.properties, notChecked: notChecked, seconds: report.seconds)
  }

  /// Replays the difference `token` names between `reference` and `other`; nil when no property has
  /// its id or one of the systems lacks a layer it needs.
  ///
  /// - Throws: `ReplayToken.Refusal` when another version of the property's generator made the
  ///   token, or it names a policy the property does not run under.
  public static func replayDifference(
    _ token: ReplayToken, _ reference: some SystemUnderTest, _ other: some SystemUnderTest,
    sync: SyncOptions = SyncOptions()
  ) throws(ReplayToken.Refusal) -> PropertyReport? {
    let (expected, compared) = (SystemLayers(reference), SystemLayers(other))
    guard let spec = property(token.property),
      differenceProblem(spec, expected, compared, reference, other) == nil
    else { return nil }
    return try Runner.replay(token, on: differenceRunnable(spec, expected, compared, sync))
  }

  /// `spec`'s difference property, naming every layer either side borrowed from CountMeCore.
  ///
  /// `spec`'s difference property, its reports naming every layer either side borrowed from
  /// CountMeCore: there the two sides ran the same code, and a pass compared nothing of theirs.
  static func differenceRunnable(
    _ spec: CatalogProperty, _ expected: SystemLayers, _ compared: SystemLayers, _ sync: SyncOptions
  ) -> AnyProperty {
    let conditions =
      compared.borrowed(spec.layers).map { "the reference \($0.name)" }
      + expected.borrowed(spec.layers).map { "the reference \($0.name) on the reference's side" }
    return spec.makeDifference(expected, compared, sync).with(conditions: conditions)
  }

  /// Why `spec` cannot compare the two systems, or nil when it can.
  static func differenceProblem(
    _ spec: CatalogProperty, _ expected: SystemLayers, _ compared: SystemLayers,
    _ reference: some SystemUnderTest, _ other: some SystemUnderTest
  ) -> String? {
    if spec.judgesTheHarness { return "\(spec.id) judges the harness's own CloudFake, not an implementation" }
    if spec.needsFirestore { return "\(spec.id) asks the Firestore emulator, which diff does not start" }
    for (layers, system) in [(expected, reference as any SystemUnderTest), (compared, other)] {
      if let problem = appCollectionProblem(spec, system, checkedBy: "AppSync.diff") { return problem }
      let missing = layers.missing(spec.layers)
      if !missing.isEmpty {
        return "\(type(of: system)) does not implement "
          + missing.map { "the \($0.name) layer (\($0.protocolName))" }.joined(separator: ", ")
      }
    }
    return nil
  }
}
