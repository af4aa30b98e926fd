import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 28 (ours): Valid UserGoal construction succeeds (a whole-number goal in `0...50,000`
  /// builds a goal holding exactly its arguments).
  ///
  /// Seed 002's settings document holds the goal that requirement 5 bounds for a day's log; the user's goal
  /// follows the same rule.
  static let validUserGoal = ModelProperties.acceptance(
    "P28", "Valid UserGoal construction succeeds", validates: ["5.4"], Gen.validUserGoal,
    ModelSchemas.userGoal, layer: .userGoals, make: { try $0.userGoals.makeUserGoal($1) })
}
