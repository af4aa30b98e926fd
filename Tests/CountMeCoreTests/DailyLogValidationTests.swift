import Foundation
import Testing

@testable import CountMeCore

@Suite("Requirement 5: DailyLog constructor validation")
struct DailyLogValidationTests {
  func make(goal: Double?) throws -> DailyLog {
    try DailyLog(id: Fixture.id, date: Fixture.date, dailyGoal: goal, lastModified: Fixture.date)
  }

  @Test("5.1 a negative dailyGoal is rejected", arguments: [-Double.leastNonzeroMagnitude, -2_000])
  func negativeGoal(value: Double) {
    expectValidationError(.negativeGoal(value: value)) { try make(goal: value) }
  }

  @Test("5.2 a dailyGoal above 50,000 is rejected", arguments: [50_000.nextUp, 1e12])
  func goalAboveMax(value: Double) {
    expectValidationError(.goalExceedMax(value: value, max: 50_000)) {
      try make(goal: value)
    }
  }

  @Test("NaN and ±infinity goals are rejected", arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteGoal(value: Double) {
    expectValidationError(.nonFinite(modelType: "DailyLog", field: "dailyGoal")) { try make(goal: value) }
  }

  @Test("5.3 a nil dailyGoal is accepted")
  func nilGoal() throws {
    #expect(try make(goal: nil).dailyGoal == nil)
  }

  @Test("5.4 a dailyGoal within range is accepted", arguments: [0, -0.0, 2_000, 50_000])
  func validGoal(value: Double) throws {
    #expect(try make(goal: value).dailyGoal == value)
  }

  @Test("the totals add food, subtract exercise, and measure what is left of the goal")
  func totals() throws {
    let food = try FoodItem(name: "Oats", calories: 150, timestamp: Fixture.date, lastModified: Fixture.date)
    let more = try FoodItem(name: "Milk", calories: 100, timestamp: Fixture.date, lastModified: Fixture.date)
    let run = try ExerciseItem(
      name: "Run", caloriesBurned: 300, timestamp: Fixture.date, lastModified: Fixture.date)
    let log = try DailyLog(
      date: Fixture.date, foodItems: [food, more], exerciseItems: [run], dailyGoal: 2_000)
    #expect(log.totalCalories == 250 && log.totalExerciseCalories == 300 && log.netCalories == -50)
    #expect(log.remainingCalories == 2_050)
    #expect(try make(goal: nil).remainingCalories == nil)
  }
}
