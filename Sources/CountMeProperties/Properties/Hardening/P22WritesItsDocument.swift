import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 22 (ours): a valid model is written as exactly the document the schema describes,
  /// and that document reads back as the same model.
  ///
  /// The expected document is `AppDocument`, written from the schema in the harness; nothing asks
  /// the implementation's own encoder what it should write. (Seed 003's 2.4, the same fields and
  /// types on both platforms, is X2.4's: the daily log in the Android client's format.)
  static let writesItsDocument = PropertySpec(
    id: "P22", name: "A model writes its schema's document and reads back the same",
    validates: ["6.8"], judges: [.codec], killBudget: 1_000,
    generator: { _ in WrittenModel.generator }, encode: \.json,
    decode: WrittenModel.decode(_:context:),
    needsModel: true,
    expect: { _ in .accepted }, observe: observeWritesItsDocument
  ).erased

  static func observeWritesItsDocument(_ input: WrittenModel, _ system: SystemLayers) -> Observation {
    let written: [String: Any]
    do {
      written = try input.written(by: system)
    } catch {
      return .broke("writing a valid \(input.model.rawValue) threw \(ModelProperties.describe(error))")
    }
    if let difference = WrittenDocumentOracle.firstDifference(expected: input.document, actual: written) {
      return .broke("the \(input.model.rawValue) document written differs from the schema's at \(difference)")
    }
    do {
      let read = try system.codec.decode(input.model, written).json
      if let difference = JSONDifference.first(expected: input.readBack, actual: read) {
        return .broke("the \(input.model.rawValue) read back from its document differs at \(difference)")
      }
      return .accepted(Deferred(read))
    } catch {
      return .broke(
        "reading back its own \(input.model.rawValue) document threw \(ModelProperties.describe(error))")
    }
  }
}
