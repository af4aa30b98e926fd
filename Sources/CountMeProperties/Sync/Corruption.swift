import Foundation
import Generators
import PropertyHarness

/// Damage done to a persisted queue file: cut short, or one byte changed.
public enum Corruption: Equatable, Sendable, CustomStringConvertible {
  /// Keep only the first `per mille` of the bytes.
  case truncate(perMille: Int)
  /// XOR the byte at `per mille` of the length with `mask` (never 0).
  case flip(perMille: Int, mask: UInt8)

  func apply(to data: Data) -> Data {
    var bytes = [UInt8](data)
    switch self {
    case .truncate(let perMille):
      bytes = Array(bytes.prefix(bytes.count * perMille / 1_000))
    case .flip(let perMille, let mask):
      guard !bytes.isEmpty else { return data }
      bytes[min(bytes.count - 1, bytes.count * perMille / 1_000)] ^= mask
    }
    return Data(bytes)
  }

  /// How reports print it.
  public var description: String {
    switch self {
    case .truncate(let perMille): return "truncated to \(perMille)‰"
    case .flip(let perMille, let mask): return "byte at \(perMille)‰ xor \(mask)"
    }
  }

  /// `{"truncate": perMille}` or `{"flip": {"perMille": n, "mask": m}}`.
  var json: JSON {
    switch self {
    case .truncate(let perMille): return .object([("truncate", .integer(Int64(perMille)))])
    case .flip(let perMille, let mask):
      return .object([
        ("flip", .object([("perMille", .integer(Int64(perMille))), ("mask", .integer(Int64(mask)))]))
      ])
    }
  }

  init(json: JSON, path: String = "input.corruption") throws {
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
    throw InputDecodingError(
      path: path, problem: "expected {\"truncate\": perMille} or {\"flip\": {\"perMille\": n, \"mask\": m}}")
  }

  static let generator: Generator<Corruption?> = Gen.optional(
    Gen.frequency([
      (1, Gen.int(in: 0...999).map { Corruption.truncate(perMille: $0) }),
      (
        2,
        Gen.zip(Gen.int(in: 0...999), Gen.int(in: 1...255)).map {
          Corruption.flip(perMille: $0, mask: UInt8($1))
        }
      ),
    ]), nilProbability: 0.5)
}
