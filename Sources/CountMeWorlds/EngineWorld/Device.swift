import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import Synchronization

/// The device's local data: each user's entities' versions (a create or update bumps one, a delete
/// removes it).
///
/// An upload reads it when it happens, as an app reads its store, and the reads the input names fail, as a
/// store that cannot be read just now does.
///
/// A change belongs to the user signed in when it is made; signed out, to the user signed in last,
/// whose data the device still shows (seed 002, property 11: signing out keeps local data). Its
/// operation carries that owner.
///
/// NB: each change is stamped later than the one before (by a millisecond when the clock has not
/// moved), as a local store stamps `lastModified`. A caller suspends between its change and its
/// enqueue, so two callers' operations may reach the queue in the other order than their changes;
/// with equal stamps the queue could only break the tie by arrival, and P24 found exactly that
/// (a delete and a create of one entity at the same instant, the create's change last but its
/// operation first): distinct stamps make the order of changes the order the queue resolves.
actor Device {
  /// Who is signed in, and who was last.
  private(set) var user: String?
  private var lastUser: String
  private(set) var versions: [OwnedKey: Int] = [:]
  private var version = 0
  private var lastStamp = Date.distantPast
  /// The numbers (from 0) of the reads that fail, and how many reads there have been.
  private let unreadable: Set<Int>
  private var reads = 0

  package init(user: String, unreadable: [Int]) {
    self.user = user
    self.lastUser = user
    self.unreadable = Set(unreadable)
  }

  /// A user signs in (or out, nil).
  func setUser(_ uid: String?) {
    user = uid
    if let uid { lastUser = uid }
  }

  /// Applies a change at `now` and returns its operation.
  func change(_ kind: SyncOperation.Kind, entityId: String, type: EntityType, at now: Date)
    -> SyncOperation
  {
    lastStamp = max(now, lastStamp.addingTimeInterval(0.001))
    let operation = SyncOperation(
      kind, entityId: entityId, entityType: type, timestamp: lastStamp, owner: user ?? lastUser)
    if kind == .delete {
      versions[operation.ownedKey] = nil
    } else {
      version += 1
      versions[operation.ownedKey] = version
    }
    return operation
  }

  /// The entity's document as its owner's data holds it now; throws for a read the input fails.
  func document(for operation: SyncOperation) throws -> CloudDocument? {
    defer { reads += 1 }
    if unreadable.contains(reads) { throw Unreadable() }
    return versions[operation.ownedKey].map {
      CloudDocument(["userId": operation.owner ?? lastUser, "entityId": operation.entityId, "version": $0])
    }
  }

  /// The local store could not be read.
  struct Unreadable: Error {}
}
