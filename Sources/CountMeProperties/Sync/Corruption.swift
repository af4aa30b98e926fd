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

  public var description: String {
    switch self {
    case .truncate(let perMille): return "truncated to \(perMille)‰"
    case .flip(let perMille, let mask): return "byte at \(perMille)‰ xor \(mask)"
    }
  }

  var json: JSON { .string(description) }

  static let generator: Generator<Corruption?> = Gen.optional(Gen.frequency([
    (1, Gen.int(in: 0...999).map { Corruption.truncate(perMille: $0) }),
    (2, Gen.zip(Gen.int(in: 0...999), Gen.int(in: 1...255)).map { Corruption.flip(perMille: $0, mask: UInt8($1)) }),
  ]), nilProbability: 0.5)
}
