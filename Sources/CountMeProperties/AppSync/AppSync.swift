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
  ///   - system: the app's implementation: its `AppDeviceSyncLayer` of `type`, and a queue layer
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
    let description = try Entity.collectionDescription.validated()
    guard Entity.entityType.collection == description.name else {
      throw DescriptionFault(
        description: "collection \(description.name): \(Entity.self)'s entity type names the collection "
          + "\(Entity.entityType.collection), not its description's")
    }
    let collection = CollectionRun(Entity.self)
    let wanted = { (id: PropertyID) in properties?.contains(id) ?? true }
    var specs: [CatalogProperty] = []
    var notChecked: [NotChecked] = []
    for spec in Catalog.all where wanted(spec.id) {
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
    let report = Catalog.run(
      system, specs: specs, settings: settings, sync: SyncOptions(), cloud: cloud, killBudgets: false,
      emit: { _ in })
    return RunReport(
      seed: report.seed, properties: report.properties, notChecked: report.notChecked + notChecked,
      seconds: report.seconds)
  }
}
