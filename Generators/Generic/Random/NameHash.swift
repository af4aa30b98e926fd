/// FNV-1a, 64-bit: how seed mixing turns a name into a number, owned here so no other module's
/// checksum can move a replay token.
///
/// Swift's `Hasher` is seeded per process; this gives the same value for the same bytes everywhere.
enum NameHash {
  /// The FNV-1a 64-bit offset basis, where every hash starts.
  static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
  /// The FNV-1a 64-bit prime.
  static let prime: UInt64 = 0x0000_0100_0000_01B3

  /// The FNV-1a hash of `bytes`.
  static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = offsetBasis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= prime
    }
    return hash
  }

  /// `value` as exactly 16 lowercase hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
