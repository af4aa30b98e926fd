import Foundation

/// A JSON value whose objects keep their keys in order, so the same value always prints the same bytes.
///
/// Numbers keep their kind: `.integer` prints as written, `.double` prints Swift's shortest
/// round-tripping form (with `-0.0` kept); non-finite doubles can't be JSON numbers, so inputs store
/// them as the strings `"NaN"`, `"Infinity"`, `"-Infinity"` (see `JSON.number(_:)`).
///
/// NB: not `indirect` (arrays and objects already hold their values out of line): an indirect enum
/// put every value, each number and string, in a box of its own on the heap.
public enum JSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case double(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  /// A Double as an input encodes it: a JSON number, or one of the strings "NaN", "Infinity",
  /// "-Infinity" for the values JSON can't hold.
  public static func number(_ value: Double) -> JSON {
    if value.isNaN { return .string("NaN") }
    if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
    return .double(value)
  }

  /// The Double `number(_:)` encoded, from a number or one of the three strings; nil otherwise.
  public var numberValue: Double? {
    switch self {
    case .double(let value): return value
    case .integer(let value): return Double(value)
    case .string("NaN"): return .nan
    case .string("Infinity"): return .infinity
    case .string("-Infinity"): return -.infinity
    default: return nil
    }
  }

  /// The value of `key` in an object; nil for a missing key or a non-object.
  public subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The string, for a `.string`; nil otherwise.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// Equal values: doubles by bit pattern, strings by scalars, object keys in order.
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): return sameScalars(a, b)
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// True when `a` and `b` hold the same UTF-8 bytes, which is the same scalars (not Swift's
  /// canonical equivalence, which would equate "é" and "e\u{301}").
  ///
  /// NB: compares contiguous bytes at once when both have them (a native string always does):
  /// byte by byte through `utf8.elementsEqual` was a sixth of P12's time, over its 5,000 to 20,000
  /// piece strings.
  static func sameScalars(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    let compared = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in
        guard let start = x.baseAddress, let other = y.baseAddress else { return x.isEmpty }
        return memcmp(start, other, x.count) == 0
      }
    }
    return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
  }
}
