import Foundation

/// Reads an id the way every client writes one: 32 hex digits of either case in groups of
/// 8-4-4-4-12, nothing else.
///
/// NB: not `UUID(uuidString:)`: on Linux it reads each byte with `sscanf("%2hhx")`, which takes a
/// space, a sign or `0x` before the digits, so `+0000000-0000-0000-0000-000000000000` named the
/// same entity as `00000000-…`; two document ids, one entity. Darwin's `uuid_parse` refuses them.
enum CanonicalUUID {
  static func parse(_ text: String) -> UUID? {
    var utf8 = text.utf8.makeIterator()
    var bytes: (UInt64, UInt64) = (0, 0)
    for position in 0..<36 {
      guard let unit = utf8.next() else { return nil }
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard unit == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let digit = hexValue(unit) else { return nil }
      // The first 16 digits (positions below 19) fill the high half.
      if position < 19 {
        bytes.0 = bytes.0 << 4 | UInt64(digit)
      } else {
        bytes.1 = bytes.1 << 4 | UInt64(digit)
      }
    }
    guard utf8.next() == nil else { return nil }
    let (high, low) = (bytes.0.bigEndian, bytes.1.bigEndian)
    return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
  }

  private static func hexValue(_ unit: UInt8) -> UInt8? {
    switch unit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return unit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return unit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return unit - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
