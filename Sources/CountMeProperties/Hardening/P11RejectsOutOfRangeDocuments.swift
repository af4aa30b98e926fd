import CountMeContract
import Generators

extension Hardening {
  /// Property 11: every corrupted document, of every model and every corruption kind, is rejected
  /// with the exact error its corruption predicts (`invalidData` naming the field's path, or
  /// `missingField`/`wrongType` for a malformed document), which `isMalformed` classifies as the
  /// specification does: true for the last two, false for `invalidData`.
  static let p11 = DocumentProperties.spec(
    "P11", "Deserialization rejects out-of-range Firestore data",
    validates: ["6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7"],
    // NB: a corruption is one of about 160 for a meal (every field's, every ingredient field's), so
    // one kind such as "no ingredients" comes up once in about 640 cases: 5,000 kill it at every seed.
    killBudget: 5_000,
    Gen.oneOf(DocumentModel.allCases.map(Gen.corruptDocument))
  ) { DocumentProperties.expectation($0.value.expectation, model: $0.value.model) }
}
