import CountMeCore

/// Seed 004's properties, `W<section>` for each invariant and `W<section>.<n>` for what its "why it
/// matters" implies, all under the workout policy.
enum Workout {
  /// The policy every W property runs and judges under.
  static let policy = SyncPolicy.workout
}
