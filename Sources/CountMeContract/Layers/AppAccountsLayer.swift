import CountMeCore
import Foundation

/// An app's shared phones of its own collection: the accounts layer of one described entity type.
///
/// What an app that is not CountMe implements to have F11, F24, F25 and F31 judged on its own
/// collection (`AppSync.run`): a phone several people sign in on, syncing `Entity` (a
/// `SharedDeviceUnderTest`, as CountMeCore's `SharedDevice` of it is). It is an `AccountsLayer`
/// whose phones sync only `Entity`: CountMe's own accounts properties report it not checked.
public protocol AppAccountsLayer<Entity>: AccountsLayer {
  /// The entity type its phones sync.
  associatedtype Entity: DescribedEntity
  /// A new phone syncing the app's entities, nobody signed in, whose users' queues start as `queue` (empty).
  func makeSharedDevice(queue: any SyncQueueing) -> any SharedDeviceUnderTest<Entity>
}

extension AppAccountsLayer {
  /// `makeSharedDevice(queue:)`; its phones sync no other type (the harness asks it of no other).
  public func makeSharedDevice<Other: CloudSyncedEntity>(of type: Other.Type, queue: any SyncQueueing)
    -> any SharedDeviceUnderTest<Other>
  {
    guard let device = makeSharedDevice(queue: queue) as? any SharedDeviceUnderTest<Other> else {
      preconditionFailure("\(Self.self)'s phones sync \(Entity.self), not \(Other.self)")
    }
    return device
  }

  /// The collection its phones sync.
  public var phonesCollection: String { Entity.collectionDescription.name }
}
