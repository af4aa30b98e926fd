import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation

/// What a devices run knows of the collection it syncs: CountMe's models by the harness's schema, or an app's description.
///
/// The entity type a devices run syncs and what the run knows of it: the slots and their ids, the
/// version an edit step makes, what a cloud document holds, and a document another client broke.
/// CountMe's models are their own models (`DevicesRunEntity`, by the harness's schema, independent
/// of CountMeCore's codec); an app's entity is known through its description (`DescribedModel`).
package protocol DevicesRunModel {
  /// The entity type the devices sync.
  associatedtype Entity: CloudSyncedEntity
  /// "food item": how reports name one.
  static var noun: String { get }
  /// The collection its documents live in under `users/{uid}/`.
  static var collection: String { get }
  /// How many entities a run's slots name.
  static var slots: Int { get }
  /// The id of the entity of `slot` (`0..<slots`).
  static func id(ofSlot slot: Int) -> UUID
  /// The id of `slot`'s document.
  static func documentId(ofSlot slot: Int) -> String
  /// False when no user deletes one: deletion steps skip it.
  static var isDeletable: Bool { get }
  /// True for an app's collection, which the fake judges owner-only by path (`SimulationCloud.admit`).
  static var isAppCollection: Bool { get }
  /// What an edit step of `slot` to `calories` hands its device (the device then stamps it).
  static func version(editing slot: Int, to calories: Int, uid: String) throws -> EntityVersion
  /// The entity `version` holds.
  static func make(_ version: EntityVersion) throws -> Entity
  /// The version `entity` holds.
  static func version(of entity: Entity) -> EntityVersion
  /// What a cloud document at `path` holds; unreadable when another client wrote it broken (`damaged`).
  static func state(of fields: [String: Any], at path: DocumentPath, damaged: Bool)
    -> CloudDevicesRun.SlotState
  /// How a shared-phones report names one before its slot: "food", "note".
  static var word: String { get }
  /// The id and document id of a shared-phones run's entity `index`.
  ///
  /// `SharedDevicesRun.allIds`' entry `index`, which gives CountMe's models `id`, one of each
  /// person's own; an app's is the entity its `edited` makes for slot `index`.
  static func phoneEntity(_ index: Int, id: UUID) -> (id: UUID, documentId: String)
  /// What a shared-phones edit of entity `index` (slot `slot`, CountMe's id `id`) to `calories` hands its phone.
  static func phoneVersion(_ index: Int, slot: Int, id: UUID, calories: Int) throws -> EntityVersion
  /// What a cloud document at `path` holds, as the shared-phones runs record it.
  static func held(_ fields: [String: Any], at path: DocumentPath) -> SharedDevicesRun.Held
  /// Where another client writes a document for `slot` broken by `damage`, and its fields.
  static func damagedDocument(_ slot: Int, _ damage: DevicesScenario.Damage, now: Date) -> (
    DocumentPath, [String: Any]
  )
}

extension DevicesRunModel {
  /// The entity type's, which names its collection in the queue.
  package static var entityType: EntityType { Entity.entityType }
}
