import CountMeContract
import CountMeCore
import CountMeWorlds
import PropertyHarness

/// Seed 002's sync properties on an app's own collection: the same ids, oracles and reports as CountMe's.
///
/// Every sync property of the catalog that holds of any collection (F12–F18, F20, F22, F23, F29,
/// F30, P30, P32; and with the app's shared phones, F8, F11, F24, F25, F31) runs on the collection
/// an app describes (`DescribedEntity`), each device its own `AppDeviceSyncLayer`'s and each phone
/// its `AppAccountsLayer`'s, through `CloudFake` or, with `cloud: try .emulator(rulesAt:)`, the
/// Firestore emulator under the app's rules. The inputs are the catalog's own draws, syncing the
/// app's collection; a failure shrinks and carries a replay token as any other.
///
/// ```swift
/// let report = try AppSync.run(SyncedNote.self, on: NotesSystem(), settings: RunSettings(seed: 0xC0FFEE))
/// #expect(report.passed)
/// ```
public enum AppSync {
  /// The sync properties that run on an app's collection, in catalog order.
  public static var propertyIDs: [PropertyID] { Catalog.all.filter { $0.onCollection != nil }.map(\.id) }

  /// Seed 002's sync properties that hold of any collection but run on CountMe's alone so far, with why.
  static let notYetOnApps: [(id: PropertyID, reason: String)] = [
    ("F19", "it judges CountMe's conflicts layer; an app's conflict rule is judged in its runs"),
    ("F21", "it judges CountMe's daily log and the items in it"),
  ]

  /// The properties a collection deleted outright breaks by its own rule, and why: its known findings.
  ///
  /// Seed 002's deletion wins (8.3) needs a record of the deletion: a document deleted outright
  /// leaves none, so a version another device writes after it brings the entity back (F20), is kept
  /// though deleted (F14), makes a device's queued edit of it moot (F18), and a guest's deletion
  /// leaves nothing to keep at the sign-up (F23). Each is reported as the policy's known finding,
  /// with its shrunk counterexample: never a pass.
  static let deletedOutrightFindings: Set<PropertyID> = ["F14", "F18", "F20", "F23"]

  /// The known finding of a collection deleted outright.
  static func deletedOutright(_ name: String) -> String {
    "\(name) is deleted outright: no record of a deletion is left to win over a version another device writes after it (seed 002, 8.3)"
  }

  /// Runs the sync properties on `type`'s collection against `system`'s device sync, and reports.
  ///
  /// - Parameters:
  ///   - type: the app's entity, whose `collectionDescription` is checked first.
  ///   - system: the app's implementation: its `AppDeviceSyncLayer` of `type`, optionally its
  ///     `AppAccountsLayer` (without one, F8, F11, F24, F25 and F31 say so), and a queue layer
  ///     (its own, or borrowed: `borrowedLayers: [.queue]`).
  ///   - properties: the ids to run (`propertyIDs` when nil).
  ///   - settings, cloud: as `Catalog.run`'s.
  /// - Returns: the report; each property that does not run on an app's collection yet is listed
  ///   not checked with why. Versions of a collection that merges are judged by its merge.
  /// - Throws: the description's mistake (`CollectionDescription.check()`), or an entity type whose
  ///   collection is not the description's, before any case runs.
  public static func run<Entity: DescribedEntity>(
    _ type: Entity.Type, on system: some SystemUnderTest, properties: [PropertyID]? = nil,
    settings: RunSettings, cloud: CloudChoice = .fake
  ) throws(DescriptionFault) -> RunReport {
    let ids = properties
    let (specs, notChecked) = try Self.properties(of: Entity.self, wanted: { ids?.contains($0) ?? true })
    let report = Catalog.run(
      system, specs: specs, settings: settings, sync: SyncOptions(), cloud: cloud, killBudgets: false,
      emit: { _ in })
    return RunReport(
      seed: report.seed, properties: report.properties, notChecked: report.notChecked + notChecked,
      seconds: report.seconds)
  }

  /// Runs the same inputs through two implementations of `type`'s sync and shrinks the first difference (no oracle).
  ///
  /// `Catalog.diff` on the app's collection: for each property `AppSync.run` runs, what `reference`
  /// does with an input is what `other` must do; a refactor of the app's sync is held to its
  /// legacy version case for case.
  ///
  /// - Throws: the description's mistake.
  public static func diff<Entity: DescribedEntity>(
    _ type: Entity.Type, _ reference: some SystemUnderTest, _ other: some SystemUnderTest,
    properties: [PropertyID]? = nil, settings: RunSettings
  ) throws(DescriptionFault) -> RunReport {
    let ids = properties
    let (specs, notYet) = try Self.properties(of: Entity.self, wanted: { ids?.contains($0) ?? true })
    let (expected, compared) = (SystemLayers(reference), SystemLayers(other))
    var toRun: [AnyProperty] = []
    var notChecked = notYet
    for spec in specs {
      if let reason = Catalog.differenceProblem(spec, expected, compared, reference, other) {
        notChecked.append(NotChecked(id: spec.id, name: spec.name, validates: spec.validates, reason: reason))
      } else {
        toRun.append(Catalog.differenceRunnable(spec, expected, compared, SyncOptions()))
      }
    }
    let report = Runner.run(toRun, settings: settings)
    return RunReport(
      seed: report.seed, properties: report.properties, notChecked: notChecked, seconds: report.seconds)
  }

  /// Replays the case `token` names (a failure of `AppSync.run` on `type`'s collection) against `system`.
  ///
  /// Nil when no property that runs on an app's collection has the token's id.
  ///
  /// - Throws: the description's mistake, or `ReplayToken.Refusal` when another version of the
  ///   property's generator made the token.
  public static func replay<Entity: DescribedEntity>(
    _ token: ReplayToken, _ type: Entity.Type, on system: some SystemUnderTest, cloud: CloudChoice = .fake
  ) throws -> PropertyReport? {
    let (specs, _) = try properties(of: Entity.self, wanted: { $0 == token.property })
    guard let spec = specs.first else { return nil }
    return try Runner.replay(
      token, on: Catalog.runnable(spec, SystemLayers(system), sync: SyncOptions(), cloud: cloud))
  }

  /// Every case of the app's corpus under `root` (`root/<property id>/*.json`), each input read as one on `type`'s collection.
  ///
  /// As `CorpusDirectory.load`, a case whose input is no input of its property on this collection
  /// (or of no property `AppSync` runs) malformed, saying why.
  ///
  /// - Throws: the description's mistake.
  public static func corpus<Entity: DescribedEntity>(_ root: String, _ type: Entity.Type)
    throws(DescriptionFault) -> [CorpusDirectory.Entry]
  {
    let (specs, _) = try properties(of: Entity.self, wanted: { _ in true })
    return CorpusDirectory.load(root, properties: nil) { corpusCase in
      guard let spec = specs.first(where: { $0.id == corpusCase.property }) else {
        return "\(corpusCase.property) is no property AppSync runs on \(Entity.collectionDescription.name)"
      }
      do {
        try spec.validate(corpusCase.input, context: corpusCase.context)
        return nil
      } catch {
        return "\(error)"
      }
    }
  }

  /// Replays the corpus case `corpusCase` (an input of a property `AppSync.run` runs) on `type`'s collection against `system`.
  ///
  /// The app's own corpus: each case a file as CountMe's (`CorpusDirectory.load`), its input the
  /// JSON a failure's counterexample prints, naming the app's collection.
  ///
  /// - Throws: the description's mistake.
  public static func replay<Entity: DescribedEntity>(
    _ corpusCase: CorpusCase, _ type: Entity.Type, on system: some SystemUnderTest
  ) throws(DescriptionFault) -> CorpusReplay.Outcome {
    let (specs, notChecked) = try properties(of: Entity.self, wanted: { $0 == corpusCase.property })
    guard let spec = specs.first else {
      let why = notChecked.first?.reason ?? "\(corpusCase.property) is no property AppSync runs"
      return CorpusReplay.Outcome(passed: false, observed: "not checked", notChecked: why)
    }
    let layers = SystemLayers(system)
    if let skipped = Catalog.notChecked(spec, layers, system) {
      return CorpusReplay.Outcome(passed: false, observed: "not checked", notChecked: skipped.reason)
    }
    let observation: Observation
    do {
      observation = try spec.observe(corpusCase.input, context: corpusCase.context, on: layers)
    } catch {
      observation = .broke("the input cannot be read: \(error)")
    }
    return CorpusReplay.Outcome(
      passed: corpusCase.expect.expectation.isMet(by: observation), observed: observation.description,
      notChecked: nil)
  }

  /// The catalog's properties on `type`'s collection that `wanted` names, and those it cannot run there, with why.
  ///
  /// - Throws: the description's mistake, or an entity type whose collection is not the description's.
  static func properties<Entity: DescribedEntity>(of type: Entity.Type, wanted: (PropertyID) -> Bool)
    throws(DescriptionFault) -> (specs: [CatalogProperty], notChecked: [NotChecked])
  {
    let description = try Entity.collectionDescription.validated()
    guard Entity.entityType.collection == description.name else {
      throw DescriptionFault(
        description: "collection \(description.name): \(Entity.self)'s entity type names the collection "
          + "\(Entity.entityType.collection), not its description's")
    }
    let collection = CollectionRun(Entity.self)
    var specs: [CatalogProperty] = []
    var notChecked: [NotChecked] = []
    for spec in Catalog.all where wanted(spec.id) {
      if spec.onCollection != nil, spec.layers.contains(.accounts), description.slots == 1 {
        notChecked.append(
          NotChecked(
            id: spec.id, name: spec.name, validates: spec.validates,
            reason:
              "\(description.name) is one document, every person's one id: the shared phones cannot tell whose"
          ))
        continue
      }
      if spec.onCollection != nil, spec.layers.contains(.accounts) { try phoneIdsAreDistinct(Entity.self) }
      if let onCollection = spec.onCollection {
        let onApp = onCollection(collection)
        let known = description.deletion == .hardDelete && deletedOutrightFindings.contains(spec.id)
        specs.append(known ? onApp.knowing(deletedOutright(description.name)) : onApp)
      } else if let notYet = notYetOnApps.first(where: { $0.id == spec.id }) {
        notChecked.append(
          NotChecked(
            id: spec.id, name: spec.name, validates: spec.validates,
            reason: "not yet run on an app's collection: \(notYet.reason)"))
      }
    }
    return (specs, notChecked)
  }

  /// Throws unless `edited` gives each slot a shared-phones run asks for a document of its own.
  ///
  /// The shared phones keep each person's entities apart by slot: three people and each phone's
  /// guests ask for `SharedDevicesRun.allIds.count` slots, far past a devices run's `slots`.
  static func phoneIdsAreDistinct<Entity: DescribedEntity>(_: Entity.Type) throws(DescriptionFault) {
    let description = Entity.collectionDescription
    var seen: [String: Int] = [:]
    for slot in 0..<SharedDevicesRun.allIds.count {
      let id = DescribedModel<Entity>.documentId(ofSlot: slot)
      if let other = seen[id] {
        throw DescriptionFault(
          description:
            "collection \(description.name): \(description.noun) \(other) and \(description.noun) \(slot) "
            + "share the document id \"\(id)\": the shared phones ask for \(SharedDevicesRun.allIds.count) slots, "
            + "each a document of its own")
      }
      seen[id] = slot
    }
  }
}
