import Foundation
import Testing

@testable import CountMeCore

@Suite("The user's goal syncs as one document, users/{uid}/profile/settings")
struct GoalSyncTests {
  static let uid = "user-1"

  static func goal(_ calories: Int, modified: Date) -> UserGoal {
    Fixture.valid {
      try UserGoal(
        dailyCalorieGoal: calories, createdAt: Fixture.date, userId: uid, lastModified: modified,
        syncStatus: .synced)
    }
  }

  static func change(_ revision: Int, _ fields: [String: Any], documentId: String = "settings") -> CloudChange
  {
    CloudChange(
      revision: revision, path: DocumentPath(uid: uid, collection: "profile", documentId: documentId),
      document: CloudDocument(fields))
  }

  @Test("an edited goal is uploaded to profile/settings, and its upload marks it synced")
  func uploadsToSettings() {
    var sync = CollectionSync<UserGoal>(uid: Self.uid, queue: SyncQueue())
    sync.edit(Self.goal(2_000, modified: Fixture.date), now: Fixture.date)
    #expect(sync.queue.pending.map(\.operation.entityId) == ["settings"])
    sync.startSync()
    guard case .download = sync.next(now: Fixture.later, online: true) else {
      Issue.record("the pass did not download first")
      return
    }
    sync.downloaded(.success([]))
    guard case .upload(let id, let path, let document) = sync.next(now: Fixture.later, online: true) else {
      Issue.record("the goal was not uploaded")
      return
    }
    #expect(path.description == "users/user-1/profile/settings")
    #expect(document.fields["dailyCalorieGoal"] as? Int == 2_000)
    sync.uploaded(id, result: .success(()), now: Fixture.later)
    #expect(sync.store.live[UserGoal.singletonID]?.syncStatus == .synced)
  }

  @Test("a newer goal downloaded replaces the local one; another document of profile is skipped")
  func downloads() {
    var sync = CollectionSync<UserGoal>(uid: Self.uid, queue: SyncQueue())
    sync.edit(Self.goal(2_000, modified: Fixture.date), now: Fixture.date)
    let newer = Self.goal(1_500, modified: Fixture.later.addingTimeInterval(60)).toFirestoreData()
    sync.startSync()
    _ = sync.next(now: Fixture.later, online: true)
    sync.downloaded(.success([Self.change(1, newer, documentId: "other"), Self.change(2, newer)]))
    #expect(sync.store.live[UserGoal.singletonID]?.dailyCalorieGoal == 1_500)
    #expect(sync.skipped.map(\.revision) == [1])
  }

  @Test("every device names the goal by the same id, and only settings names it")
  func identity() {
    #expect(Self.goal(1, modified: Fixture.date).id == UserGoal.singletonID)
    #expect(UserGoal.documentId(of: UserGoal.singletonID) == "settings")
    #expect(UserGoal.entityId(ofDocument: "settings") == UserGoal.singletonID)
    #expect(UserGoal.entityId(ofDocument: UserGoal.singletonID.uuidString) == nil)
    #expect(FoodItem.entityId(ofDocument: Fixture.id.uuidString) == Fixture.id)
    #expect(FoodItem.documentId(of: Fixture.id) == Fixture.id.uuidString)
  }
}
