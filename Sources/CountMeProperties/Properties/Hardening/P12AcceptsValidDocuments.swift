import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 12: every valid document (as the app writes it, or unusual but benign) decodes, and
  /// the model holds exactly the document's values.
  static let acceptsValidDocuments = DocumentProperties.spec(
    "P12", "Deserialization accepts valid Firestore data", validates: ["6.8"],
    Gen.oneOf(DocumentModel.allCases.map(Gen.acceptableDocument))
  ) { _ in .accepted }
}
