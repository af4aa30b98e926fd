import Foundation
import Notes

/// A model of the notes app as its sync sees it: an id, an owner, a time, a document, and which of two versions stays.
public protocol RecordModel: Sendable, Equatable, Codable {
  /// The collection under `users/{uid}/` its documents live in.
  static var collection: String { get }
  /// The field of its documents that names the owner.
  static var ownerField: String { get }
  /// True when a deletion deletes its document outright; false when it leaves a tombstone.
  static var deletesOutright: Bool { get }
  /// Its id, a UUID's text, which names its document.
  var id: String { get }
  /// The uid of the user whose it is.
  var ownerId: String { get set }
  /// When it last changed.
  var updatedAt: Date { get set }
  /// Its document.
  func encoded() -> [String: Any]
  /// The model a document holds; throws for one that is not.
  static func decoded(_ fields: [String: Any]) throws -> Self
  /// The version kept of two versions of one model.
  static func kept(_ a: Self, _ b: Self) -> Self
}

extension RecordModel {
  /// Tombstones.
  public static var deletesOutright: Bool { false }

  /// Last write wins: the later; on a tie the one whose document sorts last, the same on every device.
  public static func kept(_ a: Self, _ b: Self) -> Self {
    if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt ? a : b }
    return "\(a.encoded().sorted { $0.key < $1.key })" >= "\(b.encoded().sorted { $0.key < $1.key })" ? a : b
  }
}

extension Note: RecordModel {
  /// `notes`.
  public static var collection: String { "notes" }
  /// `ownerId`.
  public static var ownerField: String { "ownerId" }
  /// `NoteCodec.encode`.
  public func encoded() -> [String: Any] { NoteCodec.encode(self) }
  /// `NoteCodec.decode`.
  public static func decoded(_ fields: [String: Any]) throws -> Note { try NoteCodec.decode(fields) }
}

extension Draft: RecordModel {
  /// `drafts`.
  public static var collection: String { "drafts" }
  /// `ownerId`.
  public static var ownerField: String { "ownerId" }
  /// A draft is deleted outright.
  public static var deletesOutright: Bool { true }
  /// `DraftCodec.encode`.
  public func encoded() -> [String: Any] { DraftCodec.encode(self) }
  /// `DraftCodec.decode`.
  public static func decoded(_ fields: [String: Any]) throws -> Draft { try DraftCodec.decode(fields) }
}

extension Pinboard: RecordModel {
  /// `pinboards`.
  public static var collection: String { "pinboards" }
  /// `ownerId`.
  public static var ownerField: String { "ownerId" }
  /// `PinboardCodec.encode`.
  public func encoded() -> [String: Any] { PinboardCodec.encode(self) }
  /// `PinboardCodec.decode`.
  public static func decoded(_ fields: [String: Any]) throws -> Pinboard { try PinboardCodec.decode(fields) }
  /// Two versions merge: every pin of either (`Pinboard.merged`).
  public static func kept(_ a: Pinboard, _ b: Pinboard) -> Pinboard { a.merged(with: b) }
}
