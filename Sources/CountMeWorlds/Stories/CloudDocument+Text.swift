import CountMeCore
import CountMeGenerators
import FirestoreCloud

extension CloudDocument {
  /// The document as canonical REST JSON (fields sorted), as stories and fidelity reports print it.
  package var restText: String {
    (try? FirestoreREST.encode(Document(native: fields)).text()) ?? "unreadable"
  }
}
