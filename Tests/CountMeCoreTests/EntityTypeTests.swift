import Foundation
import Testing

@testable import CountMeCore

/// An entity type is CountMe's, the workout app's, or any app's own collection, and the queue file keeps each.
@Suite("Entity types: the known ones, an app's own collection, and the queue file's names")
struct EntityTypeTests {
  @Test("A known type reads back from its persisted name and from its collection")
  func known() {
    for type in EntityType.allCases {
      #expect(EntityType(rawValue: type.rawValue) == type)
      #expect(EntityType(collection: type.collection)?.collection == type.collection)
    }
    #expect(EntityType(rawValue: "foodItem")?.collection == "foodItems")
    #expect(EntityType(collection: "profile") == .userGoal)
  }

  @Test("An app's collection is its own type, persisted under the collection's name")
  func appCollection() throws {
    let notes = try #require(EntityType(collection: "notes"))
    #expect(notes.rawValue == "notes")
    #expect(notes.collection == "notes")
    #expect(EntityType(rawValue: "notes") == notes)
    #expect(!EntityType.allCases.contains(notes))
  }

  @Test(
    "A name no collection may have, or a known type's persisted name, is no app's type",
    arguments: ["", "9lives", "a/b", "a b", "__name__", "é", String(repeating: "n", count: 101), "workout"])
  func refused(_ name: String) {
    #expect(EntityType(collection: name) == nil)
    #expect(name == "workout" || EntityType(rawValue: name) == nil)
  }

  @Test("A queue holding an app's operation saves and loads back unchanged")
  func queueFile() throws {
    let notes = try #require(EntityType(collection: "notes"))
    var queue = SyncQueue()
    _ = queue.enqueue(
      SyncOperation(.update, entityId: "n-1", entityType: notes, timestamp: Date(timeIntervalSince1970: 7)))
    let loaded = try QueueSnapshot.decode(queue.snapshot().encoded())
    #expect(loaded == queue.snapshot())
    #expect(loaded.pending.map(\.operation.entityType) == [notes])
  }
}
