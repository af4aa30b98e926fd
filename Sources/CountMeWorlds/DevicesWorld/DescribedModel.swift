import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation

/// An app's collection as a devices run knows it: through its description alone.
///
/// The devices runs' knowledge of an app's entity, taken from its `CollectionDescription`: the
/// slots are the entities `edited` makes, a cloud document is read by the app's own `decode` (a
/// tombstone by the description's deletion style), and a document another client broke is one of
/// the app's own documents with its value's fields changed, removed or named for another slot.
///
/// The harness has no schema of an app's documents, so what the app's decoder accepts is what the
/// cloud holds: a decoder that accepts too much is document fuzzing's to find, not a sync run's.
package enum DescribedModel<Entity: DescribedEntity>: DevicesRunModel {
  static var described: CollectionDescription<Entity> { Entity.collectionDescription }

  package static var noun: String { described.noun }
  package static var collection: String { described.name }
  package static var slots: Int { described.slots }
  package static var isDeletable: Bool { true }
  package static var isAppCollection: Bool { true }
  package static var word: String { noun }

  /// The entity `edited` makes for slot `index`: a shared-phones run asks for slots past `slots`.
  package static func phoneEntity(_ index: Int, id: UUID) -> (id: UUID, documentId: String) {
    guard let entity = made(index) else { return (Self.id(ofSlot: index), "") }
    return (entity.id, described.documentId(entity))
  }

  /// `edited`'s entity of slot `index`, pending upload, no owner (the phone stamps it).
  package static func phoneVersion(_ index: Int, slot: Int, id: UUID, calories: Int) throws -> EntityVersion {
    try version(editing: index, to: calories, uid: "")
  }

  /// What `state` reads, a tombstone naming the owner in the field the app's documents name it in.
  package static func held(_ fields: [String: Any], at path: DocumentPath) -> SharedDevicesRun.Held {
    switch state(of: fields, at: path, damaged: false) {
    case .live(let version): return .live(calories: version.calories, userId: version.userId)
    case .deleted: return .deleted(userId: fields[Entity.ownerField] as? String)
    case .absent: return .absent
    case .unreadable: return .unreadable
    }
  }

  /// Slot `slot`'s entity at 100, owned by the run's user, made at the start; nil if the description refuses it.
  ///
  /// A validated description makes it (`CollectionDescription.check()`), which the entry points ask first.
  private static func made(_ slot: Int, at: Date = DevicesRun.start) -> Entity? {
    try? described.edited(slot, 100, CloudDevicesRun.uid, at)
  }

  /// The id of the entity `edited` makes for `slot` (the nil UUID for a description that makes none).
  package static func id(ofSlot slot: Int) -> UUID {
    made(slot)?.id ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  }

  package static func documentId(ofSlot slot: Int) -> String { made(slot).map(described.documentId) ?? "" }

  /// The entity the description's `edited` makes, pending upload; stamped by the device that takes it.
  package static func version(editing slot: Int, to calories: Int, uid: String) throws -> EntityVersion {
    var entity = try described.edited(slot, calories, uid, DevicesRun.start)
    entity.syncStatus = .pendingUpload
    return version(of: entity)
  }

  package static func make(_ version: EntityVersion) throws -> Entity {
    guard case .described(let held) = version, let entity = held.entity as? Entity else {
      preconditionFailure("\(version) is no \(noun)")
    }
    return entity
  }

  package static func version(of entity: Entity) -> EntityVersion { .described(DescribedVersion(entity)) }

  /// A tombstone by the description's deletion style (unreadable without its time), else what `decode` reads.
  ///
  /// Unreadable when `decode` refuses the document or reads an entity another document id names.
  /// `damaged` goes unread: the app's decoder, not the harness, decides what a broken document holds.
  package static func state(of fields: [String: Any], at path: DocumentPath, damaged: Bool)
    -> CloudDevicesRun.SlotState
  {
    if case .tombstone(let flag, let time) = described.deletion, fields[flag] as? Bool == true {
      return fields[time] is Timestamp ? .deleted : .unreadable
    }
    guard let entity = try? described.decode(fields), described.documentId(entity) == path.documentId else {
      return .unreadable
    }
    return .live(version(of: entity))
  }

  /// Slot `slot`'s document as the app writes it at `now`, broken by `damage`.
  ///
  /// `wrongType`: its value's fields (those that differ between the entity at 100 and at 250) of
  /// another type (a string a number, anything else a string); `brokenRule`: those fields
  /// removed; `wrongID`: the next slot's document at this slot's path; `brokenTombstone`: the
  /// deletion flag set with no deletion time (for a collection that deletes outright, a document
  /// with no fields).
  package static func damagedDocument(_ slot: Int, _ damage: DevicesScenario.Damage, now: Date) -> (
    DocumentPath, [String: Any]
  ) {
    let path = DocumentPath(
      uid: CloudDevicesRun.uid, collection: collection, documentId: documentId(ofSlot: slot))
    guard let entity = made(slot, at: now) else { return (path, [:]) }
    var fields = described.encode(entity)
    let other = try? described.edited(slot, 250, CloudDevicesRun.uid, now)
    let valueFields = other.map { DocumentFields.differing(fields, described.encode($0)) } ?? []
    switch damage {
    case .wrongType:
      for key in valueFields { fields[key] = fields[key] is String ? 100 : "100" as Any }
    case .brokenRule:
      for key in valueFields { fields[key] = nil }
    case .wrongID:
      fields = made((slot + 1) % slots, at: now).map(described.encode) ?? [:]
    case .brokenTombstone:
      guard case .tombstone(let flag, let time) = described.deletion else { return (path, [:]) }
      (fields[flag], fields[time]) = (true, nil)
    }
    return (path, fields)
  }
}

/// A version of an app's entity, compared through its collection's description.
package struct DescribedVersion: Equatable {
  /// The entity.
  package var entity: any CloudSyncedEntity
  /// Its value (`CollectionDescription.value`).
  package let value: Double
  private let sameContent: (any CloudSyncedEntity, any CloudSyncedEntity) -> Bool
  /// The description's merge of this version with another; nil for last write wins.
  private let merge: ((any CloudSyncedEntity, any CloudSyncedEntity) -> DescribedVersion?)?
  /// Its document's content in words (`content`).
  private let words: (any CloudSyncedEntity) -> String

  init<Entity: DescribedEntity>(_ entity: Entity) {
    self.entity = entity
    value = Entity.collectionDescription.value(entity)
    sameContent = { a, b in
      guard let a = a as? Entity, let b = b as? Entity else { return false }
      return Entity.collectionDescription.sameContent(a, b)
    }
    words = { entity in (entity as? Entity).map(Self.content) ?? "" }
    if case .merge(let rule) = Entity.collectionDescription.conflict {
      merge = { a, b in
        guard let a = a as? Entity, let b = b as? Entity else { return nil }
        return DescribedVersion(rule(a, b))
      }
    } else {
      merge = nil
    }
  }

  /// Its document's content fields as a report words them: `pins: ["pin-1"], title: "Note 0"`.
  ///
  /// Every field of the app's document but its id, its owner's and its time's (those that change
  /// with the owner or the last-modified time), in order of name.
  package var content: String { words(entity) }

  /// `entity`'s content fields, in words.
  private static func content<Entity: DescribedEntity>(_ entity: Entity) -> String {
    let described = Entity.collectionDescription
    var moved = entity
    moved.userId += "-another"
    moved.lastModified.addTimeInterval(1)
    let fields = described.encode(entity)
    let bookkeeping = Set(DocumentFields.differing(fields, described.encode(moved)))
    let id = described.documentId(entity)
    return fields.keys.sorted().filter { !bookkeeping.contains($0) && fields[$0] as? String != id }
      .map { "\($0): \(fields[$0].map(words) ?? "")" }.joined(separator: ", ")
  }

  /// A field's value in words: text quoted, lists and maps by their elements.
  private static func words(_ value: Any) -> String {
    switch value {
    case let text as String: return "\"\(text)\""
    case let list as [Any]: return "[" + list.map(words).joined(separator: ", ") + "]"
    case let map as [String: Any]:
      return "{" + map.keys.sorted().map { "\($0): \(map[$0].map(words) ?? "")" }.joined(separator: ", ")
        + "}"
    default: return "\(value)"
    }
  }

  /// This version merged with `other` by the description's merge; nil when versions meet by last write wins.
  package func merged(with other: DescribedVersion) -> DescribedVersion? {
    merge?(entity, other.entity) ?? nil
  }

  /// When it was last changed.
  package var lastModified: Date {
    get { entity.lastModified }
    set { entity.lastModified = newValue }
  }

  /// Its owner's uid.
  package var userId: String {
    get { entity.userId }
    set { entity.userId = newValue }
  }

  /// Where it stands with the cloud.
  package var syncStatus: SyncStatus {
    get { entity.syncStatus }
    set { entity.syncStatus = newValue }
  }

  /// The description's `sameContent`, the same owner and the same last-modified time.
  ///
  /// The owner and the time are compared here whether or not the app's `sameContent` compares
  /// them: the runs' oracles judge an owner and a stamp as CountMe's, part of a version's content.
  package func hasSameContent(as other: DescribedVersion) -> Bool {
    userId == other.userId && lastModified == other.lastModified && sameContent(entity, other.entity)
  }

  /// Same content and the same sync status.
  package static func == (lhs: DescribedVersion, rhs: DescribedVersion) -> Bool {
    lhs.hasSameContent(as: rhs) && lhs.syncStatus == rhs.syncStatus
  }
}
