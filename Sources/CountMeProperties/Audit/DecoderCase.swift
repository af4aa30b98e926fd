import FirestoreCloud
import Generators
import PropertyHarness

/// One document of a decoder audit: an entity as the app writes it, one field broken or none, in one client's shape.
///
/// The document is the app's own (`CollectionDescription.encode`) for the entity of `slot` made at
/// `value`; `damage` breaks the `field`-th of its fields in order (wrapping), and the whole is
/// handed over as a client of `shape` hands its numbers and booleans (`ClientShape`).
public struct DecoderCase: Sendable, Equatable {
  /// How the document is broken.
  public enum Damage: String, Sendable, CaseIterable {
    /// Not at all: the document as the app writes it.
    case asWritten
    /// One field holds a value of another type: a number as text, text as a number, a list or map as text.
    case wrongType
    /// One field is missing.
    case missing
    /// One field is null.
    case null
    /// One element of a list field is of another type (with no list field, as `wrongType`).
    case wrongElement
  }

  /// The slot of the entity (`0..<slots` of the description).
  public var slot: Int
  /// The value it is made at (`edited`'s), its time that many milliseconds after the start.
  public var value: Int
  /// How its numbers and booleans are handed over.
  public var shape: ClientShape
  /// How the document is broken.
  public var damage: Damage
  /// Which field `damage` breaks: the `field`-th of its names in order, wrapping.
  public var field: Int

  /// Documents of every slot, value, shape and damage, of `fields` fields; shrinking toward slot 0's as written at 0.
  static func generator(slots: Int, fields: Int) -> Generator<Tagged<DecoderCase>> {
    Generator { source in
      let slot = try source.draw(Gen.int(in: 0...max(0, slots - 1), shrinkingToward: 0))
      let value = try source.draw(Gen.int(in: 0...50_000, shrinkingToward: 0))
      let shape = try source.draw(Gen.element(of: ClientShape.allCases))
      let damage = try source.draw(Gen.element(of: Damage.allCases))
      let field = try source.draw(Gen.int(in: 0...max(0, fields - 1), shrinkingToward: 0))
      let input = DecoderCase(
        slot: slot, value: value, shape: shape, damage: damage, field: damage == .asWritten ? 0 : field)
      return Tagged(input, tags: ["Decoder.\(damage.rawValue)", "Decoder.\(shape.rawValue)"])
    }
  }

  /// How reports show it: `{"slot": 0, "value": 3, "shape": "swift", "damage": "wrongType", "field": 4}`.
  var json: JSON {
    var members: [(String, JSON)] = [
      ("slot", .integer(Int64(slot))), ("value", .integer(Int64(value))), ("shape", .string(shape.rawValue)),
      ("damage", .string(damage.rawValue)),
    ]
    if damage != .asWritten { members.append(("field", .integer(Int64(field)))) }
    return .object(members)
  }
}
