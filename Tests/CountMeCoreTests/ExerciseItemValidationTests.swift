import Foundation
import Testing

@testable import CountMeCore

@Suite("Requirement 2: ExerciseItem constructor validation")
struct ExerciseItemValidationTests {
  func make(name: String = "Run", caloriesBurned: Double = 300, durationMinutes: Double? = 30) throws
    -> ExerciseItem
  {
    try ExerciseItem(
      id: Fixture.id, name: name, caloriesBurned: caloriesBurned, durationMinutes: durationMinutes,
      timestamp: Fixture.date, lastModified: Fixture.date)
  }

  @Test("2.1 an empty or whitespace-only name is rejected", arguments: Fixture.invisibleStrings)
  func emptyName(name: String) {
    expectValidationError(.emptyName(modelType: "ExerciseItem")) { try make(name: name) }
  }

  @Test("2.2 negative caloriesBurned is rejected", arguments: [-Double.leastNonzeroMagnitude, -300])
  func negativeCalories(value: Double) {
    expectValidationError(.negativeCalories(modelType: "ExerciseItem", value: value)) {
      try make(caloriesBurned: value)
    }
  }

  @Test("2.3 caloriesBurned above 50,000 is rejected", arguments: [50_000.nextUp, 1e300])
  func caloriesAboveMax(value: Double) {
    expectValidationError(.caloriesExceedMax(modelType: "ExerciseItem", value: value, max: 50_000)) {
      try make(caloriesBurned: value)
    }
  }

  @Test("2.4 a negative duration is rejected", arguments: [-Double.leastNonzeroMagnitude, -1])
  func negativeDuration(value: Double) {
    expectValidationError(.negativeDuration(value: value)) { try make(durationMinutes: value) }
  }

  @Test("2.5 a duration above 1,440 minutes is rejected", arguments: [1_440.nextUp, 1_441])
  func durationAboveMax(value: Double) {
    expectValidationError(.durationExceedMax(value: value, max: 1_440)) { try make(durationMinutes: value) }
  }

  @Test(
    "NaN and ±infinity are rejected in caloriesBurned and durationMinutes",
    arguments: [Double.nan, .infinity, -.infinity])
  func nonFinite(value: Double) {
    expectValidationError(.nonFinite(modelType: "ExerciseItem", field: "caloriesBurned")) {
      try make(caloriesBurned: value)
    }
    expectValidationError(.nonFinite(modelType: "ExerciseItem", field: "durationMinutes")) {
      try make(durationMinutes: value)
    }
  }

  @Test(
    "2.6 values within range are accepted, boundaries and nil duration included",
    arguments: [(0.0, nil), (-0.0, 0.0), (50_000, 1_440), (50_000.nextDown, 1_440.nextDown)]
      as [(Double, Double?)])
  func valid(calories: Double, duration: Double?) throws {
    let item = try make(caloriesBurned: calories, durationMinutes: duration)
    #expect(item.caloriesBurned == calories && item.durationMinutes == duration)
  }

  @Test("an unknown exercise type or intensity is kept as its raw string")
  func unknownTypeKept() throws {
    let item = try ExerciseItem(
      name: "Climb", caloriesBurned: 10, exerciseType: "bouldering", intensity: "extreme")
    #expect(item.exerciseType == "bouldering" && item.intensity == "extreme")
  }
}
