import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 4: Invalid ExerciseItem construction is rejected (invalid arguments are rejected with a `ValidationError` naming a rule they break).
  static let invalidExerciseItem = ModelProperties.rejection(
    "P4", "Invalid ExerciseItem construction is rejected", validates: ["2.1", "2.2", "2.3", "2.4", "2.5"],
    Gen.invalidExerciseItem,
    ModelSchemas.exerciseItem, layer: .exerciseItems, make: { try $0.exerciseItems.makeExerciseItem($1) })
}
