import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 29 (ours): invalid UserGoal construction is rejected.
  ///
  /// Property 29 (ours): Invalid UserGoal construction is rejected (a goal below 0 or above 50,000
  /// is rejected with a `ValidationError` naming `UserGoal`'s `dailyCalorieGoal`).
  static let invalidUserGoal = ModelProperties.rejection(
    "P29", "Invalid UserGoal construction is rejected", validates: ["5.1", "5.2"], Gen.invalidUserGoal,
    ModelSchemas.userGoal, layer: .userGoals, make: { try $0.userGoals.makeUserGoal($1) })
}
