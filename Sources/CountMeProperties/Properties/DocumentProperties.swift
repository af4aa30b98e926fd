import CountMeCore
import Generators
import PropertyHarness

/// Properties 11 and 12: `fromFirestoreData` rejects every corrupted document with the error its
/// corruption predicts, and accepts every valid one, holding exactly the document's values.
enum DocumentProperties {
  static func describe(_ input: DocumentInput) -> JSON { FirestoreREST.encode(input.document) }

  static func rejection(_ system: some SystemUnderTest) -> AnyProperty {
    let generator = Gen.oneOf(DocumentModel.allCases.map(Gen.corruptDocument))
    return AnyProperty(
      Property(
        number: 11, name: "Deserialization rejects out-of-range Firestore data",
        validates: ["6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7"], generator: generator,
        describe: describe,
        expectation: { CorpusExpectation.document($0.value.expectation).json }
      ) { input in
        let model = input.value.model
        var thrown: (any Error)?
        do { _ = try system.decode(model, input.value.document.dictionary) } catch { thrown = error }
        if input.value.expectation.isMet(by: thrown, model: model) { return .pass }
        let observed = thrown.map { "threw \(ModelProperties.describe($0))" } ?? "decoded a \(model.rawValue)"
        return .fail(
          observed: observed,
          expected: "SyncError \(input.value.expectation) from \(model.rawValue).fromFirestoreData")
      })
  }

  static func acceptance(_ system: some SystemUnderTest) -> AnyProperty {
    let generator = Gen.oneOf(DocumentModel.allCases.map(Gen.acceptableDocument))
    return AnyProperty(
      Property(
        number: 12, name: "Deserialization accepts valid Firestore data", validates: ["6.8"],
        generator: generator, describe: describe, expectation: { _ in CorpusExpectation.accepted.json }
      ) { input in
        let model = input.value.model
        do {
          let decoded = try system.decode(model, input.value.document.dictionary)
          let expected = DocumentOracle.expected(input.value.document, model: model)
          guard let difference = JSONDifference.first(expected: expected, actual: decoded.json) else {
            return .pass
          }
          return .fail(
            observed: "the decoded \(model.rawValue) differs at \(difference)",
            expected: "it holds exactly the document's values")
        } catch {
          return .fail(
            observed: "threw \(ModelProperties.describe(error))",
            expected: "\(model.rawValue).fromFirestoreData succeeds")
        }
      })
  }
}
