import CountMeContract
import CountMeGenerators
import Generators
import PropertyHarness

extension FoodItemArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order (`ModelSchemas.foodItem`).
  public var json: JSON { ModelSchemas.foodItem.json(self) }
}

extension ExerciseItemArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order (`ModelSchemas.exerciseItem`).
  public var json: JSON { ModelSchemas.exerciseItem.json(self) }
}

extension IngredientArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order (`ModelSchemas.ingredient`).
  public var json: JSON { ModelSchemas.ingredient.json(self) }
}

extension CustomMealArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order (`ModelSchemas.customMeal`).
  public var json: JSON { ModelSchemas.customMeal.json(self) }
}

extension DailyLogArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order (`ModelSchemas.dailyLog`).
  public var json: JSON { ModelSchemas.dailyLog.json(self) }
}

extension UserGoalArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order (`ModelSchemas.userGoal`).
  public var json: JSON { ModelSchemas.userGoal.json(self) }
}
