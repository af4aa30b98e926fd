import CountMeContract
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// Damage done to a persisted queue file.
///
/// Cut short, one byte changed, or (for a file in CountMeCore's format) its content or its JSON syntax edited
/// with the checksum kept valid.
package enum Corruption: Equatable, Sendable, CustomStringConvertible {
  /// Keep only the first `per mille` of the bytes.
  case truncate(perMille: Int)
  /// XOR the byte at `per mille` of the length with `mask` (never 0).
  case flip(perMille: Int, mask: UInt8)
  /// The body edited into one no build writes, its checksum recomputed (`FileEdit`); bytes in
  /// another format, or with nothing to edit, stay as they are.
  case edit(FileEdit)
  /// The body's text edited (`SyntaxEdit`), its checksum recomputed; bytes in another format stay
  /// as they are.
  case syntax(SyntaxEdit)

  /// True when the damaged file is one the format allows, and must load: an edit to the format's
  /// limits, or syntax that is JSON holding the same queue.
  package var mustLoad: Bool {
    switch self {
    case .edit(let edit): return edit.mustLoad
    case .syntax(let edit): return edit.keepsQueue
    case .truncate, .flip: return false
    }
  }

  package func apply(to data: Data) -> Data {
    var bytes = [UInt8](data)
    switch self {
    case .truncate(let perMille):
      bytes = Array(bytes.prefix(bytes.count * perMille / 1_000))
    case .flip(let perMille, let mask):
      guard !bytes.isEmpty else { return data }
      bytes[min(bytes.count - 1, bytes.count * perMille / 1_000)] ^= mask
    case .edit(let edit):
      guard case .success(let body) = QueueFileFormat.body(of: data), let edited = edit.file(from: body)
      else {
        return data
      }
      return edited
    case .syntax(let edit):
      guard case .success = QueueFileFormat.body(of: data), let edited = edit.file(from: data) else {
        return data
      }
      return edited
    }
    return Data(bytes)
  }

  /// How reports print it.
  package var description: String {
    switch self {
    case .truncate(let perMille): return "truncated to \(perMille)‰"
    case .flip(let perMille, let mask): return "byte at \(perMille)‰ xor \(mask)"
    case .edit(let edit): return "edited (\(edit.rawValue)), checksum recomputed"
    case .syntax(let edit): return "body rewritten (\(edit.rawValue)), checksum recomputed"
    }
  }

  /// `{"truncate": perMille}`, `{"flip": {"perMille": n, "mask": m}}`, `{"edit": "futureVersion"}`
  /// or `{"syntax": "trailingCommaInObject"}`.
  package var json: JSON {
    switch self {
    case .truncate(let perMille): return .object([("truncate", .integer(Int64(perMille)))])
    case .flip(let perMille, let mask):
      return .object([
        ("flip", .object([("perMille", .integer(Int64(perMille))), ("mask", .integer(Int64(mask)))]))
      ])
    case .edit(let edit): return .object([("edit", .string(edit.rawValue))])
    case .syntax(let edit): return .object([("syntax", .string(edit.rawValue))])
    }
  }

  package init(json: JSON, path: String = "input.corruption") throws {
    if case .integer(let perMille)? = json["truncate"], (0...1_000).contains(perMille) {
      self = .truncate(perMille: Int(perMille))
      return
    }
    if let flip = json["flip"] {
      let r = try JSONReader(flip, path: "\(path).flip")
      let perMille = try r.integer("perMille"), mask = try r.integer("mask")
      guard (0...1_000).contains(perMille), (1...255).contains(mask) else {
        throw r.fail("mask", "perMille 0...1000, mask 1...255")
      }
      self = .flip(perMille: perMille, mask: UInt8(mask))
      return
    }
    if let edit = json["edit"] {
      self = .edit(try Self.named(edit, at: "\(path).edit"))
      return
    }
    if let edit = json["syntax"] {
      self = .syntax(try Self.named(edit, at: "\(path).syntax"))
      return
    }
    throw InputDecodingError(
      path: path,
      problem:
        "expected {\"truncate\": perMille}, {\"flip\": {\"perMille\": n, \"mask\": m}}, {\"edit\": name} or {\"syntax\": name}"
    )
  }

  /// The case of `Edit` that `json` names.
  private static func named<Edit: RawRepresentable<String> & CaseIterable>(_ json: JSON, at path: String)
    throws
    -> Edit
  {
    guard let name = json.stringValue, let known = Edit(rawValue: name) else {
      let names = Edit.allCases.map(\.rawValue).joined(separator: ", ")
      throw InputDecodingError(path: path, problem: "expected one of \(names)")
    }
    return known
  }

  /// Damage to a queue file: none half the time, else a cut, flipped bits, or any edit of content
  /// or syntax.
  package static let generator = generator(edits: FileEdit.allCases)

  /// Damage the engine world draws: any edit but those that put `nextID` at or near its bound
  /// (`EngineInput.damageEdits`).
  static let engineGenerator = generator(edits: EngineInput.damageEdits)

  private static func generator(edits: [FileEdit]) -> Generator<Corruption?> {
    Gen.optional(
      Gen.frequency([
        (1, Gen.int(in: 0...999).map { Corruption.truncate(perMille: $0) }),
        (
          2,
          Gen.zip(Gen.int(in: 0...999), Gen.int(in: 1...255)).map {
            Corruption.flip(perMille: $0, mask: UInt8($1))
          }
        ),
        (2, Gen.element(of: edits).map { Corruption.edit($0) }),
        (2, Gen.element(of: SyntaxEdit.allCases).map { Corruption.syntax($0) }),
      ]), nilProbability: 0.5)
  }
}
