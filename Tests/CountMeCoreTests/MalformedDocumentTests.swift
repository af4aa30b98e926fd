import Foundation
import Testing

@testable import CountMeCore

@Suite("Malformed Firestore documents")
struct MalformedDocumentTests {
  let food = Documents.food.toFirestoreData()

  @Test(
    "a missing required field names the field",
    arguments: ["id", "name", "calories", "timestamp", "source", "userId", "lastModified", "syncStatus"])
  func missing(key: String) {
    let error = thrownError { try FoodItem.fromFirestoreData(Documents.with(food, key, nil)) } as? SyncError
    #expect(error == .missingField(model: "FoodItem", field: key))
    #expect(error?.isMalformed == true)
  }

  @Test("a null required field counts as missing; a null optional field as absent")
  func nulls() throws {
    #expect(
      thrownError { try FoodItem.fromFirestoreData(Documents.with(food, "name", NSNull())) } as? SyncError
        == .missingField(model: "FoodItem", field: "name"))
    let item = try FoodItem.fromFirestoreData(Documents.with(food, "protein", NSNull()))
    #expect(item.protein == nil)
  }

  @Test(
    "a value of the wrong type is wrongType, optional fields included",
    arguments: [
      ("calories", Value("150")), ("calories", Value(true)), ("calories", Value(NSNumber(value: false))),
      ("name", Value(5)), ("protein", Value("100")), ("servingSize", Value(1)),
      ("timestamp", Value("2026-01-19T08:00:00Z")), ("id", Value("not-a-uuid")), ("source", Value("fridge")),
      ("syncStatus", Value("done")), ("calories", Value([150])), ("name", Value(["a": 1])),
      ("timestamp", Value(Fixture.date)),
    ])
  func wrongType(key: String, value: Value) {
    let error =
      thrownError { try FoodItem.fromFirestoreData(Documents.with(food, key, value.raw)) } as? SyncError
    guard case .wrongType(let model, let field, _)? = error else {
      Issue.record("expected wrongType for \(key) = \(value), got \(String(describing: error))")
      return
    }
    #expect(model == "FoodItem" && field == key)
  }

  @Test("a DailyLog goal written as a string is malformed, never dropped to nil")
  func goalAsString() {
    let document = Documents.with(Documents.log.toFirestoreData(), "dailyGoal", "-5")
    #expect(
      thrownError { try DailyLog.fromFirestoreData(document) } as? SyncError
        == .wrongType(model: "DailyLog", field: "dailyGoal", expected: "number"))
  }

  @Test("an ingredient that is not a map, or lacks a field, names its index")
  func ingredientShape() {
    var document = Documents.meal.toFirestoreData()
    document["ingredients"] = ["oats"]
    #expect(
      thrownError { try CustomMeal.fromFirestoreData(document) } as? SyncError
        == .wrongType(model: "CustomMeal", field: "ingredients[0]", expected: "map"))
    #expect(
      thrownError { try CustomMeal.fromFirestoreData(Documents.meal(ingredient: 1, "unit", nil)) }
        as? SyncError
        == .missingField(model: "CustomMeal", field: "ingredients[1].unit"))
  }

  @Test("unknown extra keys are ignored")
  func extraKeys() throws {
    var document = food
    document["dailyLogId"] = "abc"
    document["nested"] = ["deep": [1, 2, ["x": NSNull()]]]
    #expect(try FoodItem.fromFirestoreData(document) == Documents.food)
  }

  @Test(
    "junk never traps",
    arguments: [[:], ["id": NSNull()], ["calories": UInt64.max, "name": ["x", "y"]]].map(Value.init))
  func junk(value: Value) {
    let document = value.raw as! [String: Any]
    #expect(thrownError { try FoodItem.fromFirestoreData(document) } is SyncError)
    #expect(thrownError { try CustomMeal.fromFirestoreData(document) } is SyncError)
    #expect(thrownError { try DailyLog.fromFirestoreData(document) } is SyncError)
    #expect(thrownError { try ExerciseItem.fromFirestoreData(document) } is SyncError)
  }
}
