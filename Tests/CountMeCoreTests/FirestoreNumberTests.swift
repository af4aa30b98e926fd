import Foundation
import Testing

@testable import CountMeCore

@Suite("Firestore numbers")
struct FirestoreNumberTests {
  @Test(
    "every integer and floating-point type Firestore hands back is a number",
    arguments: [
      (Value(150.5), 150.5), (Value(Float(2.5)), 2.5), (Value(150), 150), (Value(Int64(150)), 150),
      (Value(Int32(-3)), -3), (Value(Int8(1)), 1), (Value(UInt64(7)), 7), (Value(NSNumber(value: 42)), 42),
      (Value(NSNumber(value: 1.25)), 1.25), (Value(NSNumber(value: Int8(1))), 1),
      (Value(Int64(9_007_199_254_740_993)), 9_007_199_254_740_992),
      (Value(UInt64.max), 18_446_744_073_709_551_616),
    ] as [(Value, Double)])
  func numbers(value: Value, expected: Double) {
    #expect(FirestoreValue.number(value.raw) == expected)
  }

  @Test(
    "a Bool is not a number, nor is an NSNumber made from a Bool, nor a string",
    arguments: [true, false, NSNumber(value: true), NSNumber(value: false), "1", NSNull()].map(Value.init))
  func notNumbers(value: Value) {
    #expect(FirestoreValue.number(value.raw) == nil)
  }

  @Test("a whole-number calorie value written as an integer decodes, and is still range-checked")
  func integerCalories() throws {
    let document = Documents.with(Documents.food.toFirestoreData(), "calories", 150)
    #expect(try FoodItem.fromFirestoreData(document).calories == 150)
    let huge = Documents.with(Documents.food.toFirestoreData(), "calories", Int64.max)
    #expect(invalidDataReason { try FoodItem.fromFirestoreData(huge) } != nil)
  }

  @Test(
    "a goal is a whole number of any integer type or a Double with no fraction; a fraction is wrongType",
    arguments: [
      (Value(2_000), 2_000), (Value(Int64(50_000)), 50_000), (Value(NSNumber(value: 2_000)), 2_000),
      (Value(2_000.0), 2_000), (Value(NSNumber(value: 2_000.0)), 2_000), (Value(-0.0), 0),
      (Value(1_999.5), nil), (Value(NSNumber(value: 0.5)), nil), (Value(Double.nan), nil),
      (Value(Double.infinity), nil),
    ] as [(Value, Int?)])
  func wholeGoals(value: Value, expected: Int?) throws {
    let goal = Fixture.valid {
      try UserGoal(
        dailyCalorieGoal: 1, createdAt: Fixture.date, userId: Fixture.owner, lastModified: Fixture.later)
    }
    let document = Documents.with(goal.toFirestoreData(), "dailyCalorieGoal", value.raw)
    guard let expected else {
      guard
        case .wrongType(_, let field, _)? = thrownError({ try UserGoal.fromFirestoreData(document) })
          as? SyncError
      else {
        Issue.record("\(value.raw) was not refused as the wrong type")
        return
      }
      #expect(field == "dailyCalorieGoal")
      return
    }
    #expect(try UserGoal.fromFirestoreData(document).dailyCalorieGoal == expected)
  }

  @Test("a whole goal too large for an Int is above the maximum, not a crash")
  func hugeGoal() {
    let goal = Fixture.valid {
      try UserGoal(
        dailyCalorieGoal: 1, createdAt: Fixture.date, userId: Fixture.owner, lastModified: Fixture.later)
    }
    for huge: Any in [1e300, Int64.max, UInt64.max] {
      let document = Documents.with(goal.toFirestoreData(), "dailyCalorieGoal", huge)
      let reason = invalidDataReason { try UserGoal.fromFirestoreData(document) }
      #expect(reason?.hasPrefix("UserGoal.dailyCalorieGoal aboveMax") == true, "\(huge): \(reason ?? "none")")
    }
  }
}
