import Foundation
import Generators
import JSONValues

extension UUID {
  /// The id as `uuidString` writes it, upper-case hex in groups of 8-4-4-4-12, made without
  /// `snprintf`.
  ///
  /// NB: `uuidString` costs about 6,000 instructions a call on Linux, and P12's generators and
  /// oracle called it for every id of every document: an eighth of P12's time, with
  /// `UUID(uuidString:)`'s `sscanf`.
  package var uuidText: String {
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    withUnsafeBytes(of: uuid) { raw in
      // NB: an index, not `enumerated()`, whose sequence a debug build looked up at every call.
      var index = 0
      while index < raw.count {
        let byte = raw[index]
        if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The id `text` writes in the form `UUID(uuidString:)` reads: 32 hex digits of either case in
  /// groups of 8-4-4-4-12; nil for anything else.
  package init?(uuidText text: String) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    var high: UInt8?
    var count = 0
    for unit in text.utf8 {
      defer { count += 1 }
      if count == 8 || count == 13 || count == 18 || count == 23 {
        guard unit == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let nibble = HexDigit.value(unit) else { return nil }
      if let first = high {
        bytes.append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    guard count == 36, bytes.count == 16 else { return nil }
    self = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
  }
}
