import CloudFake
import CountMeCore
import FirestoreCloud
import Foundation
import Testing

@testable import CountMeWorlds

/// The repository's recommended rules.
private let recommended = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("firestore.rules").path

/// Projects on the process's emulator under the recommended rules; nil when the emulator is missing.
private let projects: EmulatorProjects? = (try? RulesFile(path: recommended)).flatMap {
  try? SyncCloud.emulatorProjects(under: $0).get()
}

@Suite("A simulation's cloud on Firestore, numbered as the fake's", .enabled(if: projects != nil))
struct EmulatorCloudTests {
  static let now = Date(timeIntervalSince1970: 1_767_225_600)

  static func path(_ id: String) -> DocumentPath {
    DocumentPath(uid: "alice", collection: "foodItems", documentId: id)
  }

  @Test("writes are revisions 1, 2, 3 as the fake counts them; a download after k returns what the fake does")
  func revisions() throws {
    try #require(projects).withStore { try revisions(on: $0) }
  }

  func revisions(on store: FirestoreRESTStore) throws {
    var cloud = EmulatorCloud(store)
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

  @Test("the changes landed move as the fake's: with writes, deletions and another client's writes that land")
  func changesLanded() throws {
    try #require(projects).withStore { try changesLanded(on: $0) }
  }

  func changesLanded(on store: FirestoreRESTStore) throws {
    let plan = FaultPlan([.unavailable, .lostAcknowledgement])
    var cloud = EmulatorCloud(store, plan: plan)
    var fake = CloudFake(plan: plan, start: Self.now)
    let path = Self.path("a")
    let document = CloudDocument(["userId": "alice", "name": "a"])
    func both<C: SimulationCloud>(_ cloud: inout C) -> [Int] {
      var counts = [cloud.changesLanded]
      _ = cloud.set(document, at: path, as: "alice", now: Self.now)  // unavailable
      counts.append(cloud.changesLanded)
      _ = cloud.set(document, at: path, as: "alice", now: Self.now)  // lands, unacknowledged
      counts.append(cloud.changesLanded)
      _ = cloud.set(document, at: path, as: "bob", now: Self.now)  // refused by the rules
      counts.append(cloud.changesLanded)
      _ = cloud.changes(in: "foodItems", as: "alice", after: 0, now: Self.now)
      _ = cloud.document(at: path)
      counts.append(cloud.changesLanded)
      _ = cloud.delete(at: path, as: "alice", now: Self.now)
      counts.append(cloud.changesLanded)
      cloud.writeAsAnotherClient(document, at: path, now: Self.now)
      counts.append(cloud.changesLanded)
      return counts
    }
    let firestore = both(&cloud)
    #expect(firestore == both(&fake) && firestore == [0, 0, 1, 1, 1, 2, 3])
    #expect(cloud.problems.isEmpty, "\(cloud.problems)")
  }
}
