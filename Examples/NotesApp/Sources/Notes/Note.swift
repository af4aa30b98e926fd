import Foundation

/// A note of the notes app: its title and body, its tags, its priority, whose it is and when it changed.
public struct Note: Sendable, Equatable, Codable {
  /// Its identity, the name of its document.
  public var id: String
  /// The uid of the user whose note it is.
  public var ownerId: String
  /// Its title.
  public var title: String
  /// Its text.
  public var body: String
  /// Its tags, in the order the user gave them.
  public var tags: [String]
  /// Where the user pinned it in their list, 0 first.
  public var priority: Int
  /// When it last changed.
  public var updatedAt: Date

  /// A note from its parts.
  public init(
    id: String, ownerId: String, title: String, body: String, tags: [String], priority: Int, updatedAt: Date
  ) {
    (self.id, self.ownerId, self.title, self.body) = (id, ownerId, title, body)
    (self.tags, self.priority, self.updatedAt) = (tags, priority, updatedAt)
  }
}

/// The notes app's own codec for a note's Firestore document, `users/{uid}/notes/{id}`.
public enum NoteCodec {
  /// Why a document is not a note.
  public struct NotANote: Error, Equatable {
    /// The field that is missing or of another type.
    public let field: String
  }

  /// The document the app writes: its time as whole milliseconds since 1970.
  public static func encode(_ note: Note) -> [String: Any] {
    [
      "id": note.id, "ownerId": note.ownerId, "title": note.title, "body": note.body, "tags": note.tags,
      "priority": Int64(note.priority),
      "updatedAtMillis": millis(of: note.updatedAt),
    ]
  }

  /// The milliseconds since 1970 a document keeps of `date`: the nearest whole one.
  public static func millis(of date: Date) -> Int64 {
    Int64((date.timeIntervalSinceReferenceDate * 1_000).rounded()) + referenceMillis
  }

  /// The time `millis` since 1970 names, made the one way, so that a time read back is the time written.
  public static func time(millis: Int64) -> Date {
    Date(timeIntervalSinceReferenceDate: Double(millis - referenceMillis) / 1_000)
  }

  /// 2001-01-01, a `Date`'s reference, in milliseconds since 1970.
  private static let referenceMillis: Int64 = 978_307_200_000

  /// The note a document any client wrote holds; throws `NotANote` for a field missing or mistyped.
  public static func decode(_ fields: [String: Any]) throws -> Note {
    let read = Fields(fields)
    guard let tags = fields["tags"] as? [Any], let texts = tags as? [String] else {
      throw NotANote(field: "tags")
    }
    return Note(
      id: try read.text("id"), ownerId: try read.text("ownerId"), title: try read.text("title"),
      body: try read.text("body"), tags: texts, priority: Int(try read.whole("priority")),
      updatedAt: time(millis: try read.whole("updatedAtMillis")))
  }

  /// A document's fields, read strictly: a field missing or of another type is `NotANote`.
  public struct Fields {
    private let fields: [String: Any]

    /// The reader of `fields`.
    public init(_ fields: [String: Any]) { self.fields = fields }

    /// The text field `name`.
    public func text(_ name: String) throws -> String {
      guard let value = fields[name] as? String else { throw NotANote(field: name) }
      return value
    }

    /// The whole-number field `name`, as a 64-bit integer or an `Int`.
    public func whole(_ name: String) throws -> Int64 {
      if let value = fields[name] as? Int64 { return value }
      guard let value = fields[name] as? Int else { throw NotANote(field: name) }
      return Int64(value)
    }
  }

  /// The app's first decoder, kept to show what the harness finds in it: a priority it cannot read is 0.
  ///
  /// As `decode`, but a `priority` missing or of another type reads as 0 (a planted bug: the note
  /// the user pinned first is read as pinned first whatever it was).
  public static func decodeLeniently(_ fields: [String: Any]) throws -> Note {
    var fields = fields
    if !(fields["priority"] is Int64 || fields["priority"] is Int) { fields["priority"] = Int64(0) }
    return try decode(fields)
  }
}
