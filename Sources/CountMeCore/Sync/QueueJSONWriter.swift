import Foundation

/// Writes a queue file's body byte for byte as `JSONEncoder` with `.sortedKeys` does.
///
/// Writes a queue file's body byte for byte as Foundation's `JSONEncoder` with `.sortedKeys`
/// writes it (a test holds the two to the same bytes), so the format did not change when the
/// encoder did: no whitespace; strings with `"`, `\` and `/` escaped, `\b \t \n \f \r` for those
/// controls and `\u00xx` for the others, everything else as UTF-8; integers in decimal; a
/// `Double` as its shortest round-trip text, without a trailing `.0`.
///
/// The caller writes each object's keys in sorted (byte) order.
struct QueueJSONWriter {
  /// The body so far.
  private(set) var bytes: [UInt8] = []
  /// Whether a `,` goes before the next member or element.
  private var needsComma = false

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  mutating func beginObject() { open(UInt8(ascii: "{")) }
  mutating func endObject() { close(UInt8(ascii: "}")) }
  mutating func beginArray() { open(UInt8(ascii: "[")) }
  mutating func endArray() { close(UInt8(ascii: "]")) }

  /// A member's key; its value comes next.
  mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  mutating func integer(_ value: some BinaryInteger) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
    needsComma = true
  }

  /// Writes `value`; false (writing nothing) when it is not finite, which JSON cannot hold.
  mutating func double(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    separate()
    let text = value.description
    bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    needsComma = true
    return true
  }

  mutating func string(_ value: String) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escape(byte)
      case 0x08: escape(UInt8(ascii: "b"))
      case 0x09: escape(UInt8(ascii: "t"))
      case 0x0A: escape(UInt8(ascii: "n"))
      case 0x0C: escape(UInt8(ascii: "f"))
      case 0x0D: escape(UInt8(ascii: "r"))
      case ..<0x20:
        escape(UInt8(ascii: "u"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(Self.hexDigit(byte >> 4))
        bytes.append(Self.hexDigit(byte & 0xF))
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// A backslash and `byte`.
  private mutating func escape(_ byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    bytes.append(byte)
  }

  /// The lowercase hex digit of `value` (0–15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func open(_ bracket: UInt8) {
    separate()
    bytes.append(bracket)
    needsComma = false
  }

  private mutating func close(_ bracket: UInt8) {
    bytes.append(bracket)
    needsComma = true
  }
}
