import CountMeCore
import Foundation

/// A mistake in a collection's description: the description's fault, in one line, not a property's failure.
public struct DescriptionFault: Error, Equatable, CustomStringConvertible {
  /// The mistake, naming the collection: "collection notes: note 0 and note 1 share the document id …".
  public let description: String

  /// The fault `description` says.
  public init(description: String) { self.description = description }
}

extension CollectionDescription {
  /// This description, or its first mistake thrown as the description's fault (`check()`).
  public func validated() throws(DescriptionFault) -> Self {
    if let mistake = check() { throw DescriptionFault(description: mistake) }
    return self
  }

  /// The first mistake in this description, in one line naming the collection; nil when it has none.
  ///
  /// What would otherwise fail a property for the description's sake, not the sync's, checked on
  /// the entity of every slot at two values, owned by one uid:
  /// - the name is a collection id (not empty, no "/"), and there is at least one slot;
  /// - each entity is made (`edited` does not throw) and reads back the owner and value it was given;
  /// - two slots name two documents: the id is unique (unless the collection is one document);
  /// - the codec round-trips: what `decode` reads of what `encode` wrote has the same content,
  ///   document id and owner, and `decode` does not throw on it;
  /// - `sameContent` holds of an entity and itself, and not of two values;
  /// - a merge is idempotent and commutative on two versions of one entity.
  public func check() -> String? {
    let fault = { (problem: String) in "collection \(name): \(problem)" }
    guard !name.isEmpty, !name.contains("/") else {
      return fault("its name is no collection id (empty, or with a \"/\")")
    }
    guard slots >= 1 else { return fault("it names no slot") }
    let owner = "uid-description-check"
    let at = Date(timeIntervalSince1970: 1_767_225_600)
    var ids: [String: Int] = [:]
    for slot in 0..<slots {
      let made: (Entity, Entity)
      do {
        made = (try edited(slot, 100, owner, at), try edited(slot, 250, owner, at.addingTimeInterval(1)))
      } catch {
        return fault("\(noun) \(slot) could not be made for a run's edit step: \(error)")
      }
      for (entity, given) in [(made.0, 100.0), (made.1, 250.0)] {
        if let problem = readsBack(entity, owner: owner, value: given, slot: slot) { return fault(problem) }
      }
      let id = documentId(made.0)
      if slots > 1, let other = ids[id] {
        return fault(
          "\(noun) \(other) and \(noun) \(slot) share the document id \"\(id)\": the id is not unique")
      }
      ids[id] = slot
      if sameContent(made.0, made.1) {
        return fault("sameContent holds of \(noun) \(slot) at 100 and at 250: it compares no content")
      }
      if case .merge(let merge) = conflict {
        if !sameContent(merge(made.0, made.0), made.0) {
          return fault("the merge of \(noun) \(slot) with itself changes it: a merge must be idempotent")
        }
        if !sameContent(merge(made.0, made.1), merge(made.1, made.0)) {
          return fault("the merge of two versions of \(noun) \(slot) depends on their order: it must commute")
        }
      }
    }
    return nil
  }

  /// What is wrong with how `entity` (of `slot`, made owned by `owner` at `value`) reads back, if anything.
  private func readsBack(_ entity: Entity, owner: String, value: Double, slot: Int) -> String? {
    let name = "\(noun) \(slot)"
    guard self.owner(entity) == owner else {
      return "\(name), made for \(owner), names \"\(self.owner(entity))\" as its owner"
    }
    guard self.value(entity) == value else {
      return "\(name), made at \(value), reads back \(self.value(entity)) as its value"
    }
    guard sameContent(entity, entity) else { return "sameContent does not hold of \(name) and itself" }
    let read: Entity
    do {
      read = try decode(encode(entity))
    } catch {
      return "the codec does not round-trip \(name): decode refused what encode wrote (\(error))"
    }
    guard sameContent(read, entity), documentId(read) == documentId(entity), self.owner(read) == owner else {
      return "the codec does not round-trip \(name): decode(encode(it)) holds other content, id or owner"
    }
    return nil
  }
}
