import Foundation
import Testing

@testable import CountMeCore

@Suite("Invalid document values are data: model, field path, rule and value")
struct DataViolationTests {
  @Test(
    "a reason reads back to exactly the violation it was written from",
    arguments: [
      DataViolation(
        model: "FoodItem", field: "calories", rule: .aboveMax, value: "50001.0", detail: "too many"),
      DataViolation(
        model: "CustomMeal", field: "ingredients[1].unit", rule: .empty,
        value: DataViolation.token(" \" \\ : \u{200B}"), detail: "it has: no visible character"),
      DataViolation(
        model: "DailyLog", field: "date", rule: .outOfRange, value: "253402300800s0ns", detail: ""),
    ])
  func roundTrip(violation: DataViolation) {
    #expect(DataViolation(reason: violation.reason) == violation)
    #expect(SyncError.invalidData(violation).dataViolation == violation)
  }

  @Test(
    "a reason of another form is not a violation",
    arguments: [
      "", "FoodItem.calories is bad", "FoodItem.calories tooBig 1: x", "calories aboveMax 1: x",
      "FoodItem.x empty \"open: x",
    ])
  func otherForms(reason: String) {
    #expect(DataViolation(reason: reason) == nil)
  }

  @Test("the decoders say which rule a value breaks, telling NaN from negative and out of range from missing")
  func decodersExplain() throws {
    func violation(_ body: () throws -> Any) -> DataViolation? {
      (thrownError(body) as? SyncError)?.dataViolation
    }
    let food = Documents.food.toFirestoreData()
    let nan = violation { try FoodItem.fromFirestoreData(Documents.with(food, "calories", Double.nan)) }
    #expect(
      nan
        == DataViolation(
          model: "FoodItem", field: "calories", rule: .nonFinite, value: "nan", detail: nan?.detail ?? ""))
    #expect(
      violation { try FoodItem.fromFirestoreData(Documents.with(food, "fats", -1.5)) }?.rule == .negative)
    let owner = violation { try FoodItem.fromFirestoreData(Documents.with(food, "userId", " \u{200B}")) }
    #expect(owner?.rule == .empty && owner?.field == "userId" && owner?.value == "\" \u{200B}\"")
    let late = Timestamp(seconds: Timestamp.maxSeconds + 1, nanoseconds: 0)
    let stamp = violation { try FoodItem.fromFirestoreData(Documents.with(food, "timestamp", late)) }
    #expect(stamp?.rule == .outOfRange && stamp?.value == "\(Timestamp.maxSeconds + 1)s0ns")
    let log = Documents.log.toFirestoreData()
    #expect(
      violation { try DailyLog.fromFirestoreData(Documents.with(log, "totalCalories", -1)) }?.rule
        == .negative)
    #expect(
      violation { try DailyLog.fromFirestoreData(Documents.with(log, "totalCalories", Double.infinity)) }?
        .rule
        == .nonFinite)
    let meal = Documents.meal(ingredient: 1, "quantity", 0)
    let quantity = violation { try CustomMeal.fromFirestoreData(meal) }
    #expect(
      quantity?.field == "ingredients[1].quantity" && quantity?.rule == .nonPositive
        && quantity?.value == "0.0")
  }

  @Test("a ValidationError names its rule and its value as data")
  func validationErrors() {
    #expect(
      ValidationError.caloriesExceedMax(modelType: "FoodItem", value: 50_001, max: 50_000).rule == .aboveMax)
    #expect(ValidationError.nonFinite(modelType: "FoodItem", field: "fats").rule == .nonFinite)
    #expect(
      ValidationError.negativeGoal(value: -2).value == -2
        && ValidationError.negativeGoal(value: -2).name == "negativeGoal")
    #expect(ValidationError.emptyIngredients.rule == .empty && ValidationError.emptyIngredients.value == nil)
  }
}
