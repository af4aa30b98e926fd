import Foundation

extension UUID {
  /// The id as `uuidString` writes it: upper-case hex digits in groups of 8-4-4-4-12.
  ///
  /// NB: made here without `snprintf`, which `uuidString` calls on Linux (about 6,000 instructions
  /// a call): every document the codec writes names its id, and the stores order their entities
  /// by it. The harness formats ids with its own code (`uuidText`), so this one stays under test.
  /// Bytes are written into a checked array, never into uninitialised memory.
  var idText: String {
    var text = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
    withUnsafeBytes(of: uuid) { raw in
      var written = 0
      var index = 0
      while index < raw.count {
        // The dashes stay between the groups: after bytes 4, 6, 8 and 10.
        if index == 4 || index == 6 || index == 8 || index == 10 { written += 1 }
        text[written] = Self.hexDigit(raw[index] >> 4)
        text[written + 1] = Self.hexDigit(raw[index] & 0x0F)
        written += 2
        index += 1
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// `nibble` (0 to 15) as an upper-case hex digit.
  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
  }
}
