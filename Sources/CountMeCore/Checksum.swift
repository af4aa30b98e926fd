/// FNV-1a, 64-bit: a fixed, platform-independent hash for checksums, seeds and file names.
///
/// Unlike Swift's `Hasher`, which is seeded per process, the same bytes always give the same value.
public enum FNV1a {
  /// The FNV-1a 64-bit offset basis, where every hash starts.
  public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

  /// The hash of `bytes`, continuing from `hash` (start from `offsetBasis`).
  public static func hash(_ bytes: some Sequence<UInt8>, continuing hash: UInt64 = offsetBasis) -> UInt64 {
    var hash = hash
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// `value` as exactly 16 lowercase hex digits.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
