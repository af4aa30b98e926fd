import CountMeContract
import CountMeCore
import Foundation
import Testing

@testable import CountMeWorlds

@Suite("A collection described for the harness, and the description's own mistakes")
struct CollectionDescriptionTests {
  static let at = Date(timeIntervalSince1970: 1_767_225_600)

  @Test("CountMe's five collections, described through the public API, have no mistake")
  func countMe() {
    #expect(CountMeCollections.foodItems.check() == nil)
    #expect(CountMeCollections.exerciseItems.check() == nil)
    #expect(CountMeCollections.customMeals.check() == nil)
    #expect(CountMeCollections.goal.check() == nil)
    #expect(CountMeCollections.dailyLogs.check() == nil)
  }

  @Test("each describes the collection and the documents the devices runs sync today")
  func sameAsTheWorlds() throws {
    func same<Entity: DevicesRunEntity>(_ description: CollectionDescription<Entity>, _: Entity.Type) throws {
      #expect(description.name == Entity.collection && description.slots == Entity.slots)
      for slot in 0..<Entity.slots {
        let entity = try description.edited(slot, 100, "uid", Self.at)
        #expect(
          description.documentId(entity) == Entity.documentId(ofSlot: slot), "\(description.name) \(slot)")
      }
    }
    try same(CountMeCollections.foodItems, FoodItem.self)
    try same(CountMeCollections.exerciseItems, ExerciseItem.self)
    try same(CountMeCollections.customMeals, CustomMeal.self)
    try same(CountMeCollections.goal, UserGoal.self)
    try same(CountMeCollections.dailyLogs, DailyLog.self)
  }

  @Test("an id that is not unique is the description's fault, said in one line")
  func sharedID() {
    var described = CountMeCollections.foodItems
    described.documentId = { _ in "one" }
    #expect(
      described.check()
        == "collection foodItems: food item 0 and food item 1 share the document id \"one\": the id is not unique"
    )
  }

  @Test("a codec that does not round-trip, an owner never stored, a merge that does not commute: each named")
  func otherMistakes() throws {
    var lossy = CountMeCollections.foodItems
    lossy.encode = { item in
      var fields = item.toFirestoreData()
      fields["calories"] = 0.0
      return fields
    }
    let roundTrip = try #require(lossy.check())
    #expect(
      roundTrip.hasPrefix("collection foodItems: the codec does not round-trip food item 0"), "\(roundTrip)")
    #expect(!roundTrip.contains("\n"))

    var unowned = CountMeCollections.exerciseItems
    unowned.owner = { _ in "" }
    #expect(unowned.check()?.contains("names \"\" as its owner") == true)

    var ordered = CountMeCollections.dailyLogs
    ordered.conflict = .merge { first, _ in first }
    #expect(ordered.check()?.hasSuffix("depends on their order: it must commute") == true)

    var nameless = CountMeCollections.goal
    nameless.name = "users/profile"
    #expect(
      nameless.check() == "collection users/profile: its name is no collection id (empty, or with a \"/\")")
  }
}
