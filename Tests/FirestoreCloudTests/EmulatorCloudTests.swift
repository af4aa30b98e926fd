import CloudFake
import CountMeCore
import Foundation
import Testing

@testable import FirestoreCloud

@Suite("A simulation's cloud on Firestore, numbered as the fake's", .enabled(if: emulatorRuns))
struct EmulatorCloudTests {
  static let now = Date(timeIntervalSince1970: 1_767_225_600)

  static func path(_ id: String) -> DocumentPath {
    DocumentPath(uid: "alice", collection: "foodItems", documentId: id)
  }

  @Test("writes are revisions 1, 2, 3 as the fake counts them; a download after k returns what the fake does")
  func revisions() throws {
    var cloud = EmulatorCloud(try project("emulator-cloud", rules: "firestore.rules"))
    var fake = CloudFake(start: Self.now)
    // A cursor past every write (a device that skips ahead) is answered, not trapped on.
    #expect(cloud.changes(in: "foodItems", as: "alice", after: 3, now: Self.now).changes.isEmpty)
    for id in ["a", "b", "a"] {
      let document = CloudDocument(["userId": "alice", "name": id])
      #expect(cloud.set(document, at: Self.path(id), as: "alice", now: Self.now).landed)
      _ = fake.set(document, at: Self.path(id), as: "alice", now: Self.now)
    }
    #expect(cloud.revision(at: Self.path("a")) == 3 && cloud.revision(at: Self.path("b")) == 2)
    for after in 0...5 {
      let firestore = cloud.changes(in: "foodItems", as: "alice", after: after, now: Self.now).changes
      let expected = fake.changes(in: "foodItems", as: "alice", after: after, now: Self.now).changes
      #expect(firestore.map(\.revision) == expected.map(\.revision), "after \(after)")
      #expect(firestore.map(\.path.documentId) == expected.map(\.path.documentId), "after \(after)")
    }
    #expect(cloud.problems.isEmpty, "\(cloud.problems)")
  }
}
