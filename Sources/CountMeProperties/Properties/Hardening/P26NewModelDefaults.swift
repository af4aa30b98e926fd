import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Hardening {
  /// Property 26 (ours): a new model made from only what a user enters holds exactly that, and the
  /// documented default of every other field.
  ///
  /// The defaults, written out here as the specification: no owner yet (`userId` ""), waiting to
  /// upload (`.pendingUpload`, seed 002's `SyncableEntity`), no optional value; a food item entered
  /// by hand (`.manual`); an exercise of type "walking" at "moderate" intensity; a meal of one
  /// serving; a log with no items and no goal; a goal of what was entered.
  ///
  /// NB: a new model's id (a goal has none) and dates are the system's own fresh id and clock
  /// readings, which this deterministic property does not know and never reads for a verdict: the
  /// id is judged only to be a real one (not the nil UUID), and both are blanked in what is observed
  /// so a report replays.
  static let newModelDefaults = PropertySpec(
    id: "P26", name: "A new model holds what the user entered and the documented defaults",
    validates: ["1", "2", "4", "5"],
    judges: [.foodItems, .exerciseItems, .customMeals, .dailyLogs, .userGoals], killBudget: 300,
    generator: { _ in WrittenModel.generator }, encode: \.json,
    decode: WrittenModel.decode(_:context:),
    needsModel: true,
    expect: { _ in .holds("what was entered, and the documented default of every other field") },
    observe: observeNewModelDefaults
  ).erased

  static func observeNewModelDefaults(_ input: WrittenModel, _ system: SystemLayers) -> Observation {
    let nilID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    let epoch = Date(timeIntervalSince1970: 0)
    let expected: JSON, made: JSON, madeID: UUID?
    do {
      switch input.arguments {
      case .foodItem(let entered):
        var new = try system.foodItems.newFoodItem(name: entered.name, calories: entered.calories)
        (madeID, new.id, new.timestamp, new.lastModified) = (new.id, nilID, epoch, epoch)
        var defaults = FoodItemArguments()
        (defaults.name, defaults.calories) = (entered.name, entered.calories)
        (defaults.source, defaults.syncStatus) = (.manual, .pendingUpload)
        (expected, made) = (defaults.json, new.json)
      case .exerciseItem(let entered):
        var new = try system.exerciseItems.newExerciseItem(
          name: entered.name, caloriesBurned: entered.caloriesBurned)
        (madeID, new.id, new.timestamp, new.lastModified) = (new.id, nilID, epoch, epoch)
        var defaults = ExerciseItemArguments()
        (defaults.name, defaults.caloriesBurned) = (entered.name, entered.caloriesBurned)
        (defaults.exerciseType, defaults.intensity, defaults.syncStatus) = (
          "walking", "moderate", .pendingUpload
        )
        (expected, made) = (defaults.json, new.json)
      case .customMeal(let entered):
        var new = try system.customMeals.newCustomMeal(name: entered.name, ingredients: entered.ingredients)
        (madeID, new.id, new.createdAt, new.lastUsedAt, new.lastModified) = (
          new.id, nilID, epoch, epoch, epoch
        )
        var defaults = CustomMealArguments()
        (defaults.name, defaults.ingredients) = (entered.name, entered.ingredients)
        (defaults.servingsCount, defaults.syncStatus) = (1, .pendingUpload)
        (expected, made) = (defaults.json, new.json)
      case .dailyLog(let entered):
        var new = try system.dailyLogs.newDailyLog(date: entered.date)
        (madeID, new.id, new.lastModified) = (new.id, nilID, epoch)
        var defaults = DailyLogArguments()
        (defaults.date, defaults.syncStatus) = (entered.date, .pendingUpload)
        (expected, made) = (defaults.json, new.json)
      case .userGoal(let entered):
        var new = try system.userGoals.newUserGoal(dailyCalorieGoal: entered.dailyCalorieGoal)
        (madeID, new.createdAt, new.lastModified) = (nil, epoch, epoch)
        var defaults = UserGoalArguments()
        (defaults.dailyCalorieGoal, defaults.syncStatus) = (entered.dailyCalorieGoal, .pendingUpload)
        (expected, made) = (defaults.json, new.json)
      }
    } catch {
      return .broke("a new \(input.model.rawValue) threw \(ModelProperties.describe(error))")
    }
    if let madeID, madeID == nilID {
      return .broke("a new \(input.model.rawValue) has the nil UUID for its id")
    }
    if let difference = JSONDifference.first(expected: expected, actual: made) {
      return .broke(
        "a new \(input.model.rawValue) differs from what was entered and the defaults at \(difference)")
    }
    return .holds
  }
}
