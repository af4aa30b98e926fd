import CountMeContract
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Generators
import PropertyHarness

/// The `documents` target: the fuzzer's bytes are the choices of the document generators.
///
/// The `documents` target: the fuzzer's bytes are the choices of the document generators (valid,
/// benign and corrupted documents of every model, handed over in every client shape), so it
/// mutates structured documents and each one carries the expectation its generator tagged.
///
/// Oracle, for the reference implementation:
/// - decoded as its own model, the document is accepted or rejected exactly as properties 11 and 12
///   say (the tag's expectation, the values read straight from the document);
/// - decoded as every model, it never traps; an accepted model holds the document's values and
///   reads back the same after being written (`fromFirestoreData(toFirestoreData(x)) == x`); a
///   rejection is a `SyncError` of that model naming one of its fields.
enum DocumentFuzzing {
  static let generator: Generator<Tagged<DocumentInput>> = DocumentProperties.shaped(
    Gen.oneOf(DocumentModel.allCases.flatMap { [Gen.corruptDocument($0), Gen.acceptableDocument($0)] }))

  static func run(_ bytes: [UInt8], system: SystemLayers = .reference) -> String? {
    var source = ChoiceSource(bytes: bytes)
    guard let tagged = try? source.draw(generator) else { return nil }
    return problem(tagged, system: system)
  }

  /// The first broken check for a generated document, or nil.
  static func problem(_ tagged: Tagged<DocumentInput>, system: SystemLayers = .reference)
    -> String?
  {
    let input = tagged.value
    // A function, so the document is printed only when a check breaks, not for every input.
    func shown() -> String {
      "\(input.model.rawValue) document \(FirestoreREST.encode(input.document).text()) (\(input.shape))"
    }
    let expected = DocumentProperties.expectation(input.expectation, model: input.model)
    if case .fail(let observed, let expectation, _) = expected.verdict(
      DocumentProperties.decode(input, system))
    {
      return "\(shown()): \(observed), expected \(expectation)"
    }
    for model in DocumentModel.allCases {
      var other = input
      other.model = model
      if let problem = otherModel(other, system) { return "\(shown()) as a \(model.rawValue): \(problem)" }
    }
    return nil
  }

  private static func otherModel(_ input: DocumentInput, _ system: SystemLayers) -> String? {
    switch DocumentProperties.decode(input, system) {
    case .broke(let problem, _, _): return problem
    case .holds: return "no model"
    case .rejected(let rejection, _):
      let root = String(rejection.field.prefix { $0 != "[" && $0 != "." })
      guard rejection.model == nil || rejection.model == input.model.rawValue else {
        return "rejected naming the model \(rejection.model ?? "")"
      }
      guard ModelSchemas.fieldNames(of: input.model).contains(root) else {
        return "rejected naming \(rejection.field), not a field of the model"
      }
      return nil
    case .accepted(let made):
      let json = made.value
      do {
        let model = try WrittenModel.decode(json, model: input.model)
        let again = try system.codec.decode(input.model, try model.written(by: system)).json
        guard again == model.readBack else {
          return "accepted, but written and read back it is \(again.text()), not \(model.readBack.text())"
        }
        return nil
      } catch {
        return "accepted as \(json.text()), but writing it and reading it back threw \(error)"
      }
    }
  }
}
