import CountMeCore
import Foundation

/// What a phone holds of one person, whatever the collection: each live entity's version, and its tombstones.
///
/// A store of the collection a shared-phones run syncs, its type erased so that the run's record
/// and the properties that judge it read every collection alike: each live entity as the version
/// the harness's schema reads (`EntityVersion`), and each deletion with its time.
package struct HeldEntities: Equatable {
  package let live: [UUID: EntityVersion]
  package let deleted: [UUID: Date]

  /// `store`'s entities, as `Model` reads their versions, and tombstones.
  package init<Model: DevicesRunModel>(_ store: EntityStore<Model.Entity>, _: Model.Type) {
    live = store.live.mapValues(Model.version(of:))
    deleted = store.deleted
  }

  /// A store holding `live` and `deleted`.
  package init(live: [UUID: EntityVersion], deleted: [UUID: Date]) {
    (self.live, self.deleted) = (live, deleted)
  }

  /// The live entities with their ids, in order of id.
  package var entities: [(id: UUID, version: EntityVersion)] {
    live.sorted { $0.key.uuidText < $1.key.uuidText }.map { ($0.key, $0.value) }
  }
}
