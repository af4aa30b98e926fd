import CountMeCore
import CountMeGenerators
import Foundation

extension SharedDevicesRun {
  /// "user-2 (person 1)".
  package func who(_ uid: String?) -> String {
    guard let uid else { return "nobody" }
    return account(of: uid).map { "\(uid) (person \($0))" } ?? uid
  }

  /// "nothing", or the store's live entities by owner and slot with calories, then its deletions.
  package func describe(_ store: HeldEntities) -> String {
    let live = ids.compactMap { entry in
      store.live[entry.id].map { "\(entry.owner)'s \(word) \(entry.slot) (\($0.calories) kcal)" }
    }
    let deleted = ids.filter { store.deleted[$0.id] != nil }.map {
      "\($0.owner)'s \(word) \($0.slot)"
    }
    let parts = live + deleted.map { "deleted \($0)" }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }

  /// "person 1's food 2", for an id of the run's; the id itself otherwise.
  package func name(_ id: UUID) -> String {
    ids.first { $0.id == id }.map { "\($0.owner)'s \(word) \($0.slot)" } ?? id.uuidText
  }

  /// A document's `userId` in a report: quoted, or "missing".
  package static func quoted(_ userId: String?) -> String { userId.map { "\"\($0)\"" } ?? "missing" }

  /// "person 1's food 2", for a document id of the run's.
  package func name(documentId: String) -> String {
    if let entry = ids.first(where: { $0.documentId == documentId }) { return name(entry.id) }
    return UUID(uuidString: documentId).map { name($0) } ?? documentId
  }
}
