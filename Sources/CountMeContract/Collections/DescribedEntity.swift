import CountMeCore
import Foundation

/// An app's entity the devices runs sync: a `CloudSyncedEntity` that names its collection's description.
///
/// What an app's entity adopts to be synced by the harness's devices runs, and so judged by the
/// seed-002 sync properties: CountMeCore's `CloudSyncedEntity` (an id, an owner, a last-modified
/// time, a sync status, its documents) and its collection's `CollectionDescription`, which names
/// the collection, makes the entity an edit step asks for, and says how a deletion is kept. Its
/// `entityType` is its collection's (`EntityType(collection:)`).
public protocol DescribedEntity: CloudSyncedEntity {
  /// Its collection, described.
  static var collectionDescription: CollectionDescription<Self> { get }
}
