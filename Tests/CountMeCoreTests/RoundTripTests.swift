import Foundation
import Testing

@testable import CountMeCore

@Suite("Round trips")
struct RoundTripTests {
  @Test("fromFirestoreData(toFirestoreData(x)) == x for each model")
  func firestore() throws {
    #expect(try FoodItem.fromFirestoreData(Documents.food.toFirestoreData()) == Documents.food)
    let bare = try FoodItem(
      id: Fixture.otherId, name: "Tea", calories: 0, timestamp: Fixture.date, userId: "u",
      lastModified: Fixture.date)
    #expect(try FoodItem.fromFirestoreData(bare.toFirestoreData()) == bare)
    #expect(try ExerciseItem.fromFirestoreData(Documents.exercise.toFirestoreData()) == Documents.exercise)
    #expect(try CustomMeal.fromFirestoreData(Documents.meal.toFirestoreData()) == Documents.meal)
    #expect(try DailyLog.fromFirestoreData(Documents.log.toFirestoreData()) == Documents.log)
  }

  @Test("optional fields are written only when present")
  func optionalKeys() {
    let bare = try! FoodItem(name: "Tea", calories: 0)
    let keys = Set(bare.toFirestoreData().keys)
    #expect(
      keys == ["id", "name", "calories", "timestamp", "source", "userId", "lastModified", "syncStatus"])
  }

  @Test("a log's document lists its items' ids and total")
  func logDocument() throws {
    var log = Documents.log
    log.foodItems = [Documents.food]
    log.exerciseItems = [Documents.exercise]
    let document = log.toFirestoreData()
    #expect(document["foodItemIds"] as? [String] == [Documents.food.id.uuidString])
    #expect(document["exerciseItemIds"] as? [String] == [Documents.exercise.id.uuidString])
    #expect(document["totalCalories"] as? Double == 150)
  }

  @Test("Codable round trips, and decoding can't build an invalid model")
  func codable() throws {
    let data = try JSONEncoder().encode(Documents.meal)
    #expect(try JSONDecoder().decode(CustomMeal.self, from: data) == Documents.meal)
    var json = try #require(String(data: try JSONEncoder().encode(Documents.food), encoding: .utf8))
    json = json.replacingOccurrences(of: "\"calories\":150", with: "\"calories\":-1")
    #expect(throws: ValidationError.negativeCalories(modelType: "FoodItem", value: -1)) {
      try JSONDecoder().decode(FoodItem.self, from: Data(json.utf8))
    }
  }
}
