import CountMeContract
import PropertyHarness
import CountMeGenerators
import Generators

extension CodecLayer {
  /// Decodes `document` as a `model`, returning its fields as the argument encoding.
  package func decode(_ model: DocumentModel, _ document: [String: Any]) throws -> JSONRepresentable {
    switch model {
    case .foodItem: return try decodeFoodItem(document)
    case .exerciseItem: return try decodeExerciseItem(document)
    case .customMeal: return try decodeCustomMeal(document)
    case .dailyLog: return try decodeDailyLog(document)
    case .userGoal: return try decodeUserGoal(document)
    }
  }
}
