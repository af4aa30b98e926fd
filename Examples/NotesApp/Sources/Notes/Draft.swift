import Foundation

/// A note being written: its text and length, whose it is and when it changed; deleted outright.
public struct Draft: Sendable, Equatable, Codable {
  /// Its identity, the name of its document.
  public var id: String
  /// The uid of the user whose draft it is.
  public var ownerId: String
  /// What is written so far.
  public var text: String
  /// How many words it has.
  public var words: Int
  /// When it last changed.
  public var updatedAt: Date

  /// A draft from its parts.
  public init(id: String, ownerId: String, text: String, words: Int, updatedAt: Date) {
    (self.id, self.ownerId, self.text, self.words, self.updatedAt) = (id, ownerId, text, words, updatedAt)
  }
}

/// The notes app's codec of a draft's document, `users/{uid}/drafts/{id}`.
public enum DraftCodec {
  /// The document the app writes: its time as whole milliseconds since 1970.
  public static func encode(_ draft: Draft) -> [String: Any] {
    [
      "id": draft.id, "ownerId": draft.ownerId, "text": draft.text, "words": Int64(draft.words),
      "updatedAtMillis": NoteCodec.millis(of: draft.updatedAt),
    ]
  }

  /// The draft a document holds; throws `NoteCodec.NotANote` naming a field missing or mistyped.
  public static func decode(_ fields: [String: Any]) throws -> Draft {
    let read = NoteCodec.Fields(fields)
    return Draft(
      id: try read.text("id"), ownerId: try read.text("ownerId"), text: try read.text("text"),
      words: Int(try read.whole("words")),
      updatedAt: NoteCodec.time(millis: try read.whole("updatedAtMillis")))
  }
}
