import Foundation
import Testing

@testable import CountMeCore

@Suite("A device's sync of one collection: download, reconcile, upload")
struct CollectionSyncTests {
  static let uid = "user-1"

  static func item(calories: Double, modified: Date, id: UUID = Fixture.id) -> FoodItem {
    Fixture.valid {
      try FoodItem(
        id: id, name: "Apple", calories: calories, timestamp: Fixture.date, userId: uid,
        lastModified: modified,
        syncStatus: .synced)
    }
  }

  static func change(_ revision: Int, _ fields: [String: Any], id: UUID = Fixture.id) -> CloudChange {
    CloudChange(
      revision: revision, path: DocumentPath(uid: uid, collection: "foodItems", documentId: id.uuidString),
      document: CloudDocument(fields))
  }

  /// Runs a pass whose download returns `changes`; returns the documents it uploads, acknowledging each.
  static func pass(_ sync: inout CollectionSync<FoodItem>, downloading changes: [CloudChange])
    -> [CloudDocument]
  {
    sync.startSync()
    var uploads: [CloudDocument] = []
    while true {
      switch sync.next(now: Fixture.later, online: true) {
      case .download: sync.downloaded(.success(changes))
      case .upload(let id, _, let document):
        uploads.append(document)
        sync.uploaded(id, result: .success(()), now: Fixture.later)
      case .delete(let id, _):
        Issue.record("CountMeCore deleted a document instead of writing its tombstone")
        sync.uploaded(id, result: .success(()), now: Fixture.later)
      case .wait, .done: return uploads
      }
    }
  }

  @Test("a pass downloads after the cursor before it uploads anything")
  func downloadComesFirst() {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    sync.edit(Self.item(calories: 1, modified: Fixture.date), now: Fixture.date)
    sync.startSync()
    guard case .download(owner: Self.uid, after: 0) = sync.next(now: Fixture.later, online: true) else {
      Issue.record("the first action was not a download of the user's own collection after revision 0")
      return
    }
    sync.downloaded(.failure(.networkUnavailable))
    guard case .done = sync.next(now: Fixture.later, online: true) else {
      Issue.record("a pass whose download failed went on to upload")
      return
    }
    #expect(sync.queue.count == 1, "the edit stays queued")
  }

  @Test("an unreadable document is skipped and reported; the next one is still taken in")
  func unreadableSkipped() {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    let good = Self.item(calories: 80, modified: Fixture.date, id: Fixture.otherId)
    var bad = Self.item(calories: 1, modified: Fixture.date).toFirestoreData()
    bad["calories"] = "lots"
    _ = Self.pass(
      &sync, downloading: [Self.change(3, bad), Self.change(5, good.toFirestoreData(), id: Fixture.otherId)])
    #expect(sync.skipped.map(\.revision) == [3] && sync.store.live[Fixture.otherId]?.calories == 80)
    #expect(sync.store.live[Fixture.id] == nil && sync.cursor == 5)
    guard
      case .download(owner: _, after: 5) = {
        var s = sync; s.startSync(); return s.next(now: Fixture.later, online: true)
      }()
    else {
      Issue.record("the next pass does not download after the last revision seen")
      return
    }
  }

  @Test("a document whose id is not its path's is unreadable")
  func idMustMatchPath() {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    let item = Self.item(calories: 80, modified: Fixture.date)
    _ = Self.pass(&sync, downloading: [Self.change(1, item.toFirestoreData(), id: Fixture.otherId)])
    #expect(sync.store.live.isEmpty && sync.skipped.count == 1)
  }

  @Test("a local version that beats the cloud's is uploaded, so the cloud gets the winner too")
  func localWinnerUploaded() {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    sync.edit(Self.item(calories: 300, modified: Fixture.later), now: Fixture.later)
    _ = Self.pass(&sync, downloading: [])
    let older = Self.item(calories: 100, modified: Fixture.date).toFirestoreData()
    let uploads = Self.pass(&sync, downloading: [Self.change(2, older)])
    #expect(uploads.count == 1 && uploads.first?.fields["calories"] as? Double == 300)
    #expect(sync.store.live[Fixture.id]?.calories == 300)
  }

  @Test("a newer cloud version replaces the local one, and nothing is sent back")
  func newerCloudTakenIn() {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    sync.edit(Self.item(calories: 300, modified: Fixture.date), now: Fixture.date)
    _ = Self.pass(&sync, downloading: [])
    let newer = Self.item(calories: 100, modified: Fixture.later.addingTimeInterval(60)).toFirestoreData()
    #expect(Self.pass(&sync, downloading: [Self.change(2, newer)]).isEmpty)
    #expect(sync.store.live[Fixture.id]?.calories == 100)
  }

  @Test("a deletion uploads a tombstone, and a downloaded tombstone deletes the local item")
  func tombstones() throws {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    sync.edit(Self.item(calories: 300, modified: Fixture.date), now: Fixture.date)
    sync.delete(Fixture.id, now: Fixture.later)
    let uploads = Self.pass(&sync, downloading: [])
    let tombstone = try Tombstone.fromFirestoreData(try #require(uploads.last).fields)
    #expect(tombstone == Tombstone(id: Fixture.id, deletedAt: Fixture.later))

    var other = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    other.edit(Self.item(calories: 1, modified: Fixture.later.addingTimeInterval(60)), now: Fixture.later)
    _ = Self.pass(&other, downloading: [Self.change(1, try #require(uploads.last).fields)])
    #expect(other.store.live.isEmpty && other.store.deleted[Fixture.id] == Fixture.later)
  }

  @Test("offline, a pass does nothing and every edit stays queued")
  func offline() {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    sync.edit(Self.item(calories: 1, modified: Fixture.date), now: Fixture.date)
    sync.startSync()
    guard case .done = sync.next(now: Fixture.later, online: false) else {
      Issue.record("an offline pass asked for a cloud call")
      return
    }
    #expect(sync.queue.count == 1 && sync.store.live.count == 1)
  }

  @Test(
    "a migration makes the guest's items the account's, pending, and marks each synced only once its upload lands"
  )
  func migration() {
    var guest = EntityStore<FoodItem>()
    var item = Self.item(calories: 5, modified: Fixture.date)
    item.userId = ""
    guest.edit(item, now: Fixture.date)
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue(), migrating: guest)
    #expect(sync.store.live[Fixture.id]?.userId == Self.uid)
    #expect(sync.store.live[Fixture.id]?.syncStatus == .pendingUpload)
    #expect(sync.store.live[Fixture.id]?.lastModified == Fixture.date, "a change of owner is not an edit")
    #expect(sync.queue.count == 1)

    sync.startSync()
    guard case .download = sync.next(now: Fixture.later, online: true) else {
      Issue.record("the pass did not download first")
      return
    }
    sync.downloaded(.success([]))
    guard case .upload(let id, _, let document) = sync.next(now: Fixture.later, online: true) else {
      Issue.record("the guest's item was not uploaded")
      return
    }
    #expect(document.fields["userId"] as? String == Self.uid)
    sync.uploaded(id, result: .failure(.cloudUnavailable), now: Fixture.later)
    #expect(sync.store.live[Fixture.id]?.syncStatus == .pendingUpload, "a failed upload marks nothing synced")
    #expect(sync.queue.count == 1, "and it is retried")

    _ = Self.pass(&sync, downloading: [])  // before the backoff: nothing goes
    #expect(sync.store.live[Fixture.id]?.syncStatus == .pendingUpload)
    sync.startSync()
    let retry = Fixture.later.addingTimeInterval(1)
    _ = sync.next(now: retry, online: true)
    sync.downloaded(.success([]))
    guard case .upload(let again, _, _) = sync.next(now: retry, online: true) else {
      Issue.record("the upload was not retried after its backoff")
      return
    }
    sync.uploaded(again, result: .success(()), now: retry)
    #expect(sync.store.live[Fixture.id]?.syncStatus == .synced)
    #expect(sync.queue.count == 0)
  }

  @Test("an edit is pending upload, and a download of the same content marks it synced")
  func syncStatus() {
    var sync = CollectionSync<FoodItem>(uid: Self.uid, queue: SyncQueue())
    let item = Self.item(calories: 7, modified: Fixture.date)
    sync.edit(item, now: Fixture.date)
    #expect(sync.store.live[Fixture.id]?.syncStatus == .pendingUpload)
    var echoed = item
    echoed.syncStatus = .pendingUpload  // as the uploading device wrote it
    sync.startSync()
    _ = sync.next(now: Fixture.later, online: true)
    sync.downloaded(.success([Self.change(1, echoed.toFirestoreData())]))
    #expect(sync.store.live[Fixture.id]?.syncStatus == .synced)
  }
}
