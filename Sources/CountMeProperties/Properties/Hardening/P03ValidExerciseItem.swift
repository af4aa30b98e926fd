import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 3: Valid ExerciseItem construction succeeds (valid arguments build a model holding exactly them).
  static let validExerciseItem = ModelProperties.acceptance(
    "P3", "Valid ExerciseItem construction succeeds", validates: ["2.6"], Gen.validExerciseItem,
    ModelSchemas.exerciseItem, layer: .exerciseItems, make: { try $0.exerciseItems.makeExerciseItem($1) })
}
