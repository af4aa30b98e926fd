import Foundation

/// One store's versions and deletions of one kind of entity: a device's local store, or the cloud.
///
/// What one store holds of one kind of entity (a device's local store, or the cloud): the live
/// versions by id and the deletions (tombstones: id and the time of the first deletion).
///
/// Stores exchange their whole content with `merge`, whose rules make any order of exchanges end
/// with equal stores: a deletion is final and wins over every version of its entity, older or
/// newer (ids are never reused, and seed 002 says deletions always win); two live versions meet by
/// `Entity.reconcile` (last-write-wins, or a daily log's merge).
public struct EntityStore<Entity: StoredEntity>: Equatable, Sendable {
  /// The live versions, by id.
  public package(set) var live: [UUID: Entity]
  /// When each deleted id was first deleted.
  public private(set) var deleted: [UUID: Date]

  /// Creates a store holding `live` versions and `deleted` ids; a version whose id is deleted is
  /// left out.
  public init(live: [UUID: Entity] = [:], deleted: [UUID: Date] = [:]) {
    self.live = live.filter { deleted[$0.key] == nil }
    self.deleted = deleted
  }

  /// The live versions in order of id, for reports.
  public var entities: [Entity] { live.values.sorted { $0.id.idText < $1.id.idText } }

  /// A local edit (a create or an update) made at `now` by this store's clock, stamped later than
  /// the version it replaces (`Entity.editStamp`).
  ///
  /// Returns false, changing nothing, for a deleted entity.
  @discardableResult
  public mutating func edit(_ entity: Entity, now: Date) -> Bool {
    guard deleted[entity.id] == nil else { return false }
    var stamped = entity
    stamped.lastModified = Entity.editStamp(now: now, replacing: live[entity.id]?.lastModified)
    live[entity.id] = stamped
    return true
  }

  /// Sets the sync status of `id`'s live version if it is still the one last modified at `lastModified`.
  ///
  /// Sets the sync status of `id`'s live version when it is still the one last modified at
  /// `lastModified` (bookkeeping: content and `lastModified` are unchanged).
  public mutating func mark(_ id: UUID, _ status: SyncStatus, ifModifiedAt lastModified: Date) {
    guard var version = live[id], version.lastModified == lastModified else { return }
    version.syncStatus = status
    live[id] = version
  }

  /// A local deletion at `now`; deleting again keeps the first time.
  public mutating func delete(_ id: UUID, now: Date) {
    live[id] = nil
    deleted[id] = deleted[id].map { min($0, now) } ?? now
  }

  /// Takes in `other`'s deletions and versions, reconciled entity by entity.
  ///
  /// This store after taking in `other`'s content: every deletion of either (at the earlier time),
  /// and for every other id the version `Entity.reconcile` keeps.
  public mutating func merge(_ other: EntityStore) {
    for (id, time) in other.deleted {
      deleted[id] = deleted[id].map { min($0, time) } ?? time
      live[id] = nil
    }
    for (id, version) in other.live where deleted[id] == nil {
      live[id] = live[id].map { Entity.reconcile($0, version) } ?? version
    }
  }
}
