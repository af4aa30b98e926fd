import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import Testing

@testable import CountMeWorlds

@Suite("The harness's own reader of a document's fields")
struct SchemaReaderTests {
  static let date = Date(timeIntervalSince1970: 1_767_225_600.125)

  static func fields() -> [String: Any] {
    [
      "id": "00000000-0000-4000-8000-000000000001", "name": "Apple", "calories": 95,
      "timestamp":
        Timestamp(seconds: 1_767_225_600, nanoseconds: 125_000_000), "source": "manual", "userId": "u",
      "lastModified": Timestamp(seconds: 1_767_225_600, nanoseconds: 125_000_000), "syncStatus": "synced",
      "protein": NSNull(), "junk": true,
    ]
  }

  @Test("every field is read by its kind: an integer as a number, a timestamp as its date, null as absent")
  func reads() throws {
    let item = try #require(ModelSchemas.foodItem.arguments(reading: Self.fields()))
    #expect(item.id.uuidString == "00000000-0000-4000-8000-000000000001" && item.name == "Apple")
    #expect(item.calories == 95 && item.timestamp == Self.date && item.lastModified == Self.date)
    #expect(item.source == .manual && item.syncStatus == .synced && item.protein == nil && item.fats == nil)
  }

  @Test("a missing field, a field of another type or an unknown enum value reads as nothing")
  func refuses() {
    for (key, value) in [
      ("name", nil), ("calories", "95" as Any?), ("timestamp", 5 as Any?), ("source", "fax"),
    ] {
      var fields = Self.fields()
      fields[key] = value
      #expect(ModelSchemas.foodItem.arguments(reading: fields) == nil, "\(key): \(String(describing: value))")
    }
  }
}

@Suite("The harness's reader of a document with a list")
struct SchemaListReaderTests {
  @Test("a custom meal's ingredients read back from the array of maps the app writes")
  func readsIngredients() throws {
    var meal = CustomMealArguments()
    var ingredient = IngredientArguments()
    (ingredient.name, ingredient.quantity, ingredient.unit, ingredient.calories) = ("Oats", 2, "cup", 300)
    ingredient.protein = 10
    (meal.name, meal.ingredients, meal.servingsCount) = ("Porridge", [ingredient, ingredient], 1)
    let fields = try meal.construct().toFirestoreData()
    let read = try #require(ModelSchemas.customMeal.arguments(reading: fields))
    #expect(read == meal)
    var broken = fields
    broken["ingredients"] = [5]
    #expect(ModelSchemas.customMeal.arguments(reading: broken) == nil)
    broken["ingredients"] = [["name": "Oats"]]
    #expect(ModelSchemas.customMeal.arguments(reading: broken) == nil)
  }
}
