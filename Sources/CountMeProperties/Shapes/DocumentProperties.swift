import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Generators
import PropertyHarness

/// The shapes of properties 11 and 12: corrupted documents rejected, valid ones accepted exactly.
///
/// The shapes of properties 11 and 12: `fromFirestoreData` rejects every corrupted document with the
/// error its corruption predicts, and accepts every valid one, holding exactly the document's values.
enum DocumentProperties {
  /// Documents of every model from `generator`, each handed over as one client SDK does (tagged
  /// `Document.shape.<shape>`), judged by `expect`.
  static func spec(
    _ id: PropertyID, _ name: String, validates: [String], killBudget: Int = 2_000, generatorVersion: Int = 1,
    _ generator: Generator<Tagged<DocumentInput>>,
    expect: @escaping @Sendable (Tagged<DocumentInput>) -> Expectation
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.codec], killBudget: killBudget,
      generator: { _ in shaped(generator) },
      encode: { FirestoreREST.encode($0.document) },
      decode: { json, context in
        guard let model = context.model else {
          throw InputDecodingError(path: "case.model", problem: "a document case names its model")
        }
        var input = DocumentInput(
          model: model, document: try FirestoreREST.decodeDocument(json), expectation: .accepted)
        input.shape = context.shape
        return input
      },
      expect: expect, observe: { input, system in decode(input, system) })
    spec.needsModel = true
    spec.generatorVersion = generatorVersion
    return spec.erased
  }

  /// `generator`'s documents, each in a client shape drawn after it.
  ///
  /// `generator`'s documents, each with a client shape drawn after it (so the documents' own draws
  /// are unchanged): as Swift values, as the iOS SDK's `NSNumber`s, or as Android's integers.
  static func shaped(_ generator: Generator<Tagged<DocumentInput>>) -> Generator<Tagged<DocumentInput>> {
    Gen.zip(generator, Gen.element(of: ClientShape.allCases)).map { tagged, shape in
      var input = tagged.value
      input.shape = shape
      return Tagged(
        input, tags: tagged.tags + ["Document.shape.\(shape.rawValue)"], violations: tagged.violations)
    }
  }

  /// The expectation a corrupted document's tag carries.
  static func expectation(_ expected: DocumentExpectation, model: DocumentModel) -> Expectation {
    switch expected {
    case .accepted: return .accepted
    case .missingField(let field):
      return .rejected([Rejection(model: model.rawValue, error: "missingField", field: field)])
    case .wrongType(let field):
      return .rejected([Rejection(model: model.rawValue, error: "wrongType", field: field)])
    case .invalidData(let field, let rule):
      return .rejected([Rejection(model: model.rawValue, error: "invalidData", field: field, rule: rule)])
    }
  }

  /// What decoding `document` as a `model` did.
  ///
  /// Accepted holding exactly the document's values (the oracle reads them straight from the document),
  /// rejected with a `SyncError` naming a field of `model` and classified by `isMalformed` as the
  /// specification says, or something else.
  static func decode(_ input: DocumentInput, _ system: SystemLayers) -> Observation {
    let document = input.document
    let model = input.model
    do {
      let decoded = try system.codec.decode(model, input.dictionary)
      let decodedJSON = decoded.json
      let expected = DocumentOracle.expected(document, model: model)
      if let difference = JSONDifference.first(expected: expected, actual: decodedJSON) {
        return .broke("accepted, but the decoded \(model.rawValue) differs at \(difference)")
      }
      return .accepted(Deferred(decodedJSON))
    } catch let error as SyncError {
      // The specification's classification, written out: a document missing a field or holding one
      // of the wrong type is malformed; one whose values break a rule (invalidData) is not.
      func classified(_ malformed: Bool, _ observation: Observation) -> Observation {
        guard error.isMalformed == malformed else {
          return .broke("threw \(error), but its isMalformed says \(error.isMalformed)")
        }
        return observation
      }
      switch error {
      case .missingField(let thrownModel, let field):
        return classified(
          true,
          .rejected(
            Rejection(model: thrownModel, error: "missingField", field: field),
            detail: Deferred { "\(error)" }))
      case .wrongType(let thrownModel, let field, _):
        return classified(
          true,
          .rejected(
            Rejection(model: thrownModel, error: "wrongType", field: field),
            detail: Deferred { "\(error)" })
        )
      case .invalidData(let reason):
        // The model, field and rule are data (a DataViolation), compared as such; never the message.
        guard let violation = error.dataViolation, violation.model == model.rawValue else {
          return .broke("invalidData whose reason names no \(model.rawValue) field and rule: \(reason)")
        }
        if let problem = readsBackExactly(reason, as: violation) { return .broke(problem) }
        let rejection = Rejection(
          model: violation.model, error: "invalidData", field: violation.field, rule: violation.rule)
        return classified(false, .rejected(rejection, detail: Deferred(reason)))
      default: return .broke("threw \(error)")
      }
    } catch {
      return .broke("threw \(ModelProperties.describe(error))")
    }
  }

  /// Why `reason` does not read back as `DataViolation` documents, or nil.
  ///
  /// `violation`, the one read from it, writes exactly `reason` again, and the text cut just before each of
  /// its quotes (an unterminated string, as a hand-written reason may have) reads as nothing or, again, as a
  /// violation that writes exactly that text.
  static func readsBackExactly(_ reason: String, as violation: DataViolation) -> String? {
    guard violation.reason == reason else {
      return "invalidData's reason does not read back to itself: \(reason)"
    }
    for quote in reason.indices where reason[quote] == "\"" {
      let cut = String(reason[..<quote])
      if let read = DataViolation(reason: cut), read.reason != cut {
        return "the reason cut to \(cut) reads back as \(read.reason)"
      }
    }
    return nil
  }
}
