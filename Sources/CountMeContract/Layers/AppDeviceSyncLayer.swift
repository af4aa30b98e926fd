import CountMeCore
import Foundation

/// An app's device sync of its own collection: the device-sync layer of one described entity type.
///
/// What an app that is not CountMe implements to have its sync judged on its own collection
/// (`AppSync.run`): a device of its one entity type, and the move of a guest's entities to a new
/// account. It is a `DeviceSyncLayer` whose devices sync only `Entity`: CountMe's own sync
/// properties report it not checked, as it syncs none of CountMe's collections.
public protocol AppDeviceSyncLayer<Entity>: DeviceSyncLayer {
  /// The entity type it syncs.
  associatedtype Entity: DescribedEntity
  /// A new device of user `uid` that syncs its entities through the cloud with `queue`.
  func makeSync(uid: String, queue: any SyncQueueing) -> any DeviceSyncUnderTest<Entity>
  /// A device whose guest entities (`guest`) move to the new account `uid` through the cloud with `queue`, at `now`.
  func migrate(_ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date)
    -> any DeviceSyncUnderTest<Entity>
}

extension AppDeviceSyncLayer {
  /// `makeSync(uid:queue:)`; it syncs no other type (the harness asks it of no other).
  public func makeSync<Other: CloudSyncedEntity>(of type: Other.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Other>
  {
    guard let sync = makeSync(uid: uid, queue: queue) as? any DeviceSyncUnderTest<Other> else {
      preconditionFailure("\(Self.self) syncs \(Entity.self), not \(Other.self)")
    }
    return sync
  }

  /// `migrate(_:uid:queue:now:)`; it migrates no other type (the harness asks it of no other).
  public func migrate<Other: CloudSyncedEntity>(
    _ guest: EntityStore<Other>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Other> {
    guard let guest = guest as? EntityStore<Entity>,
      let sync = migrate(guest, uid: uid, queue: queue, now: now) as? any DeviceSyncUnderTest<Other>
    else { preconditionFailure("\(Self.self) migrates \(Entity.self), not \(Other.self)") }
    return sync
  }

  /// The collection its entities live in.
  public var appCollection: String { Entity.collectionDescription.name }
}
