import Foundation
import Testing

@testable import CountMeCore

@Suite("Requirement 6: Firestore deserialization bounds checking")
struct DeserializationTests {
  let food = Documents.food.toFirestoreData()
  let exercise = Documents.exercise.toFirestoreData()
  let log = Documents.log.toFirestoreData()

  @Test("6.1 FoodItem with negative calories is invalidData", arguments: [-1, -Double.leastNonzeroMagnitude])
  func foodNegativeCalories(value: Double) throws {
    let reason = try #require(
      invalidDataReason { try FoodItem.fromFirestoreData(Documents.with(food, "calories", value)) })
    #expect(reason.contains("FoodItem") && reason.contains("calories") && reason.contains("\(value)"))
  }

  @Test("6.2 FoodItem with calories above 50,000 is invalidData")
  func foodCaloriesAboveMax() throws {
    let reason = try #require(
      invalidDataReason {
        try FoodItem.fromFirestoreData(Documents.with(food, "calories", 50_000.nextUp))
      })
    #expect(reason.contains("calories") && reason.contains("50000.00000000001"))
  }

  @Test("6.3 FoodItem with an empty name is invalidData", arguments: Fixture.invisibleStrings)
  func foodEmptyName(name: String) throws {
    let reason = try #require(
      invalidDataReason { try FoodItem.fromFirestoreData(Documents.with(food, "name", name)) })
    #expect(reason.contains("FoodItem.name"))
  }

  @Test("6.4 ExerciseItem with negative caloriesBurned is invalidData")
  func exerciseNegative() throws {
    let reason = try #require(
      invalidDataReason {
        try ExerciseItem.fromFirestoreData(Documents.with(exercise, "caloriesBurned", -5))
      })
    #expect(reason.contains("ExerciseItem.caloriesBurned"))
  }

  @Test("6.5 ExerciseItem with caloriesBurned above 50,000 is invalidData")
  func exerciseAboveMax() throws {
    let reason = try #require(
      invalidDataReason {
        try ExerciseItem.fromFirestoreData(Documents.with(exercise, "caloriesBurned", 50_001))
      })
    #expect(reason.contains("caloriesBurned") && reason.contains("50001"))
  }

  @Test("6.6 CustomMeal with a negative ingredient calorie value is invalidData, naming the ingredient")
  func mealIngredientNegative() throws {
    let reason = try #require(
      invalidDataReason {
        try CustomMeal.fromFirestoreData(Documents.meal(ingredient: 1, "calories", -10))
      })
    #expect(reason.contains("CustomMeal.ingredients[1].calories"))
  }

  @Test("6.7 DailyLog with a negative dailyGoal is invalidData")
  func logNegativeGoal() throws {
    let reason = try #require(
      invalidDataReason { try DailyLog.fromFirestoreData(Documents.with(log, "dailyGoal", -5)) })
    #expect(reason.contains("DailyLog.dailyGoal") && reason.contains("-5"))
  }

  @Test("6.8 documents with every value in range are accepted")
  func validDocuments() throws {
    #expect(try FoodItem.fromFirestoreData(food) == Documents.food)
    #expect(try ExerciseItem.fromFirestoreData(exercise) == Documents.exercise)
    #expect(try CustomMeal.fromFirestoreData(Documents.meal.toFirestoreData()) == Documents.meal)
    #expect(try DailyLog.fromFirestoreData(log) == Documents.log)
  }

  @Test(
    "every other rule is checked too",
    arguments: [
      ("protein", 10_000.nextUp), ("fats", -1), ("carbohydrates", Double.nan), ("calories", Double.infinity),
    ] as [(String, Double)])
  func foodOtherRules(key: String, value: Double) throws {
    let reason = try #require(
      invalidDataReason { try FoodItem.fromFirestoreData(Documents.with(food, key, value)) })
    #expect(reason.contains("FoodItem.\(key)"))
  }

  @Test(
    "every ingredient rule is checked inside a CustomMeal",
    arguments: [
      ("quantity", Value(0)), ("unit", Value("\u{200B}")), ("name", Value(" ")), ("calories", Value(50_001)),
      ("fats", Value(10_001)), ("protein", Value(-Double.infinity)),
    ])
  func mealIngredientRules(key: String, value: Value) throws {
    let reason = try #require(
      invalidDataReason {
        try CustomMeal.fromFirestoreData(Documents.meal(ingredient: 0, key, value.raw))
      })
    #expect(reason.contains("CustomMeal.ingredients[0].\(key)"))
  }

  @Test("an empty ingredients array is rejected")
  func mealEmptyIngredients() throws {
    let document = Documents.with(Documents.meal.toFirestoreData(), "ingredients", [Any]())
    let reason = try #require(invalidDataReason { try CustomMeal.fromFirestoreData(document) })
    #expect(reason.contains("CustomMeal.ingredients"))
  }

  @Test("servingsCount, duration and goal ranges are checked")
  func otherModelRules() {
    let meal = Documents.meal.toFirestoreData()
    #expect(
      invalidDataReason { try CustomMeal.fromFirestoreData(Documents.with(meal, "servingsCount", 0)) }?
        .contains("servingsCount") == true)
    #expect(
      invalidDataReason {
        try ExerciseItem.fromFirestoreData(Documents.with(exercise, "durationMinutes", 1_441))
      }?
      .contains("durationMinutes") == true)
    #expect(
      invalidDataReason { try DailyLog.fromFirestoreData(Documents.with(log, "dailyGoal", 50_001)) }?
        .contains("dailyGoal") == true)
  }

  @Test(
    "a document always has an owner: an empty or invisible userId is rejected",
    arguments: ["", " ", "\u{FEFF}"])
  func emptyOwner(userId: String) {
    #expect(
      invalidDataReason { try FoodItem.fromFirestoreData(Documents.with(food, "userId", userId)) }?
        .contains("FoodItem.userId") == true)
    #expect(
      invalidDataReason { try ExerciseItem.fromFirestoreData(Documents.with(exercise, "userId", userId)) }
        != nil)
    #expect(
      invalidDataReason {
        try CustomMeal.fromFirestoreData(Documents.with(Documents.meal.toFirestoreData(), "userId", userId))
      } != nil)
    #expect(
      invalidDataReason { try DailyLog.fromFirestoreData(Documents.with(log, "userId", userId)) } != nil)
  }

  @Test("an empty exerciseType or intensity is rejected; an unknown one is kept")
  func exerciseTypes() throws {
    #expect(
      invalidDataReason { try ExerciseItem.fromFirestoreData(Documents.with(exercise, "exerciseType", "")) }
        != nil)
    #expect(
      invalidDataReason { try ExerciseItem.fromFirestoreData(Documents.with(exercise, "intensity", " ")) }
        != nil)
    var document = Documents.with(exercise, "exerciseType", "bouldering")
    document["intensity"] = "extreme"
    let item = try ExerciseItem.fromFirestoreData(document)
    #expect(item.exerciseType == "bouldering" && item.intensity == "extreme")
  }

  @Test(
    "a timestamp outside Firestore's range is invalidData",
    arguments: [
      Timestamp(seconds: Int64.max, nanoseconds: 0), Timestamp(seconds: 0, nanoseconds: -1),
      Timestamp(seconds: Timestamp.maxSeconds + 1, nanoseconds: 0),
      Timestamp(seconds: Int64.min, nanoseconds: Int32.max),
    ])
  func timestampRange(timestamp: Timestamp) {
    #expect(
      invalidDataReason { try FoodItem.fromFirestoreData(Documents.with(food, "timestamp", timestamp)) }?
        .contains("FoodItem.timestamp") == true)
  }

  @Test("DailyLog totalCalories must be a finite number of at least 0", arguments: [-1, Double.nan])
  func logTotal(value: Double) {
    #expect(
      invalidDataReason { try DailyLog.fromFirestoreData(Documents.with(log, "totalCalories", value)) }?
        .contains("totalCalories") == true)
  }
}
