import Foundation

/// The pins a user put on a board, from any device: two versions merge, keeping every pin.
public struct Pinboard: Sendable, Equatable, Codable {
  /// Its identity, the name of its document.
  public var id: String
  /// The uid of the user whose board it is.
  public var ownerId: String
  /// Its pins, sorted, each once.
  public var pins: [String]
  /// When it last changed.
  public var updatedAt: Date

  /// A board from its parts; its pins sorted, each once.
  public init(id: String, ownerId: String, pins: [String], updatedAt: Date) {
    (self.id, self.ownerId, self.pins, self.updatedAt) = (id, ownerId, Array(Set(pins)).sorted(), updatedAt)
  }

  /// Both versions' pins, at the later time: the same whichever merges which, and itself merged with itself.
  public func merged(with other: Pinboard) -> Pinboard {
    let later = updatedAt >= other.updatedAt ? self : other
    return Pinboard(id: id, ownerId: later.ownerId, pins: pins + other.pins, updatedAt: later.updatedAt)
  }
}

/// The notes app's codec of a pinboard's document, `users/{uid}/pinboards/{id}`.
public enum PinboardCodec {
  /// The document the app writes: its time as whole milliseconds since 1970.
  public static func encode(_ board: Pinboard) -> [String: Any] {
    [
      "id": board.id, "ownerId": board.ownerId, "pins": board.pins,
      "updatedAtMillis": NoteCodec.millis(of: board.updatedAt),
    ]
  }

  /// The board a document holds; throws `NoteCodec.NotANote` naming a field missing or mistyped.
  public static func decode(_ fields: [String: Any]) throws -> Pinboard {
    let read = NoteCodec.Fields(fields)
    guard let pins = fields["pins"] as? [Any], let texts = pins as? [String],
      texts == Array(Set(texts)).sorted()
    else { throw NoteCodec.NotANote(field: "pins") }
    return Pinboard(
      id: try read.text("id"), ownerId: try read.text("ownerId"), pins: texts,
      updatedAt: NoteCodec.time(millis: try read.whole("updatedAtMillis")))
  }
}
