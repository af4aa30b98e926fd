import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 11: every corrupted document is rejected with the exact error its corruption predicts.
  ///
  /// Property 11: every corrupted document, of every model and every corruption kind, is rejected
  /// with the exact error its corruption predicts (`invalidData` naming the field's path, or
  /// `missingField`/`wrongType` for a malformed document), which `isMalformed` classifies as the
  /// specification does: true for the last two, false for `invalidData`.
  static let rejectsOutOfRangeDocuments = DocumentProperties.spec(
    "P11", "Deserialization rejects out-of-range Firestore data",
    validates: ["6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7"],
    // NB: one corruption of about 530, every model's and every ingredient field's. Until version 2
    // the model was drawn first, so each of a meal's 171 corruptions came up once in about 850
    // cases ("no ingredients": a median of 566 cases to kill its mutant, 4,376 at worst of 300
    // seeds); since, each corruption is equally likely, once in about 530: 5,000 kill every
    // mutant at every seed.
    killBudget: 5_000, generatorVersion: 2,
    Gen.anyCorruptDocument
  ) { DocumentProperties.expectation($0.value.expectation, model: $0.value.model) }
}
