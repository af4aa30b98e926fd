import CountMeContract
import CountMeCore
import CountMeWorlds
import PropertyHarness

/// Seed 002's sync properties on an app's own collection: the same ids, oracles and reports as CountMe's.
///
/// Every sync property of the catalog that holds of any collection (F12–F18, F20, F22, F23, F29,
/// F30, P30, P32) runs on the collection an app describes (`DescribedEntity`), each device its
/// own `AppDeviceSyncLayer`'s, through `CloudFake` or, with `cloud: .emulator(rules:)`, the
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

  /// The properties whose oracle is seed 002's last-write-wins rule (8.1): not checked on a collection that merges.
  static let lastWriteWinsJudges: Set<PropertyID> = ["F13", "F16", "F18"]

  /// Seed 002's sync properties that hold of any collection but run on CountMe's alone so far, with why.
  static let notYetOnApps: [(id: PropertyID, reason: String)] = {
    let phones = "its shared phones hold CountMe's collections; an app's accounts layer is not described yet"
    return [
      ("F11", phones),
      ("F19", "it judges CountMe's conflicts layer; an app's conflict rule is judged in its runs"),
      ("F21", "it judges CountMe's daily log and the items in it"),
      ("F24", phones), ("F25", phones), ("F31", phones),
    ]
  }()

  /// Runs the sync properties on `type`'s collection against `system`'s device sync, and reports.
  ///
  /// - Parameters:
  ///   - type: the app's entity, whose `collectionDescription` is checked first.
  ///   - system: the app's implementation: its `AppDeviceSyncLayer` of `type`, and a queue layer
  ///     (its own, or borrowed: `borrowedLayers: [.queue]`).
  ///   - properties: the ids to run (`propertyIDs` when nil).
  ///   - settings, cloud: as `Catalog.run`'s.
  /// - Returns: the report; each property that does not run on an app's collection yet, or whose
  ///   oracle is a rule the description does not follow, is listed not checked with why.
  /// - Throws: the description's mistake (`CollectionDescription.check()`), or an entity type whose
  ///   collection is not the description's, before any case runs.
  public static func run<Entity: DescribedEntity>(
    _ type: Entity.Type, on system: some SystemUnderTest, properties: [PropertyID]? = nil,
    settings: RunSettings, cloud: CloudChoice = .fake
  ) throws(DescriptionFault) -> RunReport {
    let description = try Entity.collectionDescription.validated()
    guard Entity.entityType.collection == description.name else {
      throw DescriptionFault(
        description: "collection \(description.name): \(Entity.self)'s entity type names the collection "
          + "\(Entity.entityType.collection), not its description's")
    }
    let collection = CollectionRun(Entity.self)
    let wanted = { (id: PropertyID) in properties?.contains(id) ?? true }
    let merges = if case .merge = description.conflict { true } else { false }
    var specs: [CatalogProperty] = []
    var notChecked: [NotChecked] = []
    for spec in Catalog.all where wanted(spec.id) {
      if let onCollection = spec.onCollection {
        if merges, lastWriteWinsJudges.contains(spec.id) {
          notChecked.append(
            NotChecked(
              id: spec.id, name: spec.name, validates: spec.validates,
              reason: "its oracle is last write wins (8.1); \(description.name) merges two versions"))
        } else {
          specs.append(onCollection(collection))
        }
      } else if let notYet = notYetOnApps.first(where: { $0.id == spec.id }) {
        notChecked.append(
          NotChecked(
            id: spec.id, name: spec.name, validates: spec.validates,
            reason: "not yet run on an app's collection: \(notYet.reason)"))
      }
    }
    let report = Catalog.run(
      system, specs: specs, settings: settings, sync: SyncOptions(), cloud: cloud, killBudgets: false,
      emit: { _ in })
    return RunReport(
      seed: report.seed, properties: report.properties, notChecked: report.notChecked + notChecked,
      seconds: report.seconds)
  }
}
