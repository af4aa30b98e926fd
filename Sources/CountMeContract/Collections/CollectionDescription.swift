import CountMeCore
import Foundation

/// One collection an app syncs through Firestore, described for the harness, whatever the app's models.
///
/// What the harness needs to know of one collection an offline-first app keeps under
/// `users/{uid}/{name}/`: how a document is named and whose it is, when a version was made, the
/// app's own codec, how a deletion is kept and whose version wins, and how to make the entity a
/// run's edit step asks for. CountMe's own collections are described through it
/// (`CountMeCollections`); an app describes its own, and `check()` tells a description's mistake
/// apart from a failing property.
public struct CollectionDescription<Entity: Sendable>: Sendable {
  /// The collection's id under `users/{uid}/`: "foodItems".
  public var name: String
  /// How reports name one entity: "food item".
  public var noun: String
  /// How many entities a run's slots name: 4, or 1 for a collection of one document (CountMe's goal).
  public var slots: Int
  /// The id of an entity's document in the collection.
  public var documentId: @Sendable (Entity) -> String
  /// The uid of the entity's owner, whose `users/{uid}/` holds it.
  public var owner: @Sendable (Entity) -> String
  /// When the version was made: the clock of the conflict rule.
  public var lastModified: @Sendable (Entity) -> Date
  /// The number an edit step sets (`edited`'s `value`), as the entity holds it.
  public var value: @Sendable (Entity) -> Double
  /// The document the app writes for an entity: its own codec.
  public var encode: @Sendable (Entity) -> [String: Any]
  /// The entity the app reads from a document any client wrote: its own codec, which throws on one it refuses.
  public var decode: @Sendable ([String: Any]) throws -> Entity
  /// Whether two versions hold the same content: every field but the app's sync bookkeeping.
  public var sameContent: @Sendable (Entity, Entity) -> Bool
  /// How a deletion is kept.
  public var deletion: DeletionStyle
  /// Whose version a device keeps of two.
  public var conflict: ConflictRule<Entity>
  /// The entity a run's edit step of slot `slot` to `value` makes, owned by `owner`, at `at`.
  ///
  /// `slot` is in `0..<slots`; throws when the app's model refuses the entity.
  public var edited: @Sendable (_ slot: Int, _ value: Int, _ owner: String, _ at: Date) throws -> Entity
  /// The fields a document may leave out or hold null, read as the field's absence; none unless said.
  ///
  /// Every other field `encode` writes is one `decode` must refuse a document without (or read
  /// back as written): the decoder audit's rule (`DecoderAudit`).
  public var optionalFields: Set<String> = []

  /// A description from its parts: see each property.
  public init(
    name: String, noun: String, slots: Int = 4, documentId: @escaping @Sendable (Entity) -> String,
    owner: @escaping @Sendable (Entity) -> String, lastModified: @escaping @Sendable (Entity) -> Date,
    value: @escaping @Sendable (Entity) -> Double, encode: @escaping @Sendable (Entity) -> [String: Any],
    decode: @escaping @Sendable ([String: Any]) throws -> Entity,
    sameContent: @escaping @Sendable (Entity, Entity) -> Bool, deletion: DeletionStyle,
    conflict: ConflictRule<Entity>,
    edited: @escaping @Sendable (_ slot: Int, _ value: Int, _ owner: String, _ at: Date) throws -> Entity
  ) {
    (self.name, self.noun, self.slots) = (name, noun, slots)
    (self.documentId, self.owner, self.lastModified, self.value) = (documentId, owner, lastModified, value)
    (self.encode, self.decode, self.sameContent) = (encode, decode, sameContent)
    (self.deletion, self.conflict, self.edited) = (deletion, conflict, edited)
  }
}

/// How a collection keeps a deletion.
public enum DeletionStyle: Sendable, Equatable {
  /// The document stays, marked: `flag` true and the deletion's time, a timestamp, in `time` (CountMe's).
  case tombstone(flag: String, time: String)
  /// The document is deleted; another device learns of it as a listener's removal.
  case hardDelete
}

/// Whose version a device keeps of two versions of one entity.
public enum ConflictRule<Entity: Sendable>: Sendable {
  /// The later `lastModified` wins; on a tie either may, so long as every device keeps the same one.
  case lastWriteWins
  /// The app's merge of two versions: commutative, associative and idempotent, so every device ends alike.
  ///
  /// A user's edit of an entity the device holds is merged into it too (the edit adds to what the
  /// device holds, as a merging collection's operations do): the entity an edit step makes
  /// (`edited`), stamped by the device, merged with the version held.
  case merge(@Sendable (Entity, Entity) -> Entity)
}
