/// FNV-1a, 64-bit: a fixed, platform-independent hash for checksums, seeds and file names.
///
/// Unlike Swift's `Hasher`, which is seeded per process, the same bytes always give the same value.
public enum FNV1a {
  /// The FNV-1a 64-bit offset basis, where every hash starts.
  public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

  /// The hash of `bytes`, continuing from `hash` (start from `offsetBasis`).
  public static func hash(_ bytes: some Sequence<UInt8>, continuing hash: UInt64 = offsetBasis) -> UInt64 {
    if let contiguous = bytes.withContiguousStorageIfAvailable({
      Self.hash(UnsafeRawBufferPointer($0), continuing: hash)
    }) {
      return contiguous
    }
    var hash = hash
    for byte in bytes { hash = step(hash, byte) }
    return hash
  }

  /// The hash of `bytes`, continuing from `hash`: the loop itself, on memory.
  ///
  /// NB: a generic sequence's iteration cost a debug build a witness call at every byte.
  static func hash(_ bytes: UnsafeRawBufferPointer, continuing hash: UInt64 = offsetBasis) -> UInt64 {
    var hash = hash
    var index = 0
    while index < bytes.count {
      hash = step(hash, bytes[index])
      index += 1
    }
    return hash
  }

  private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }

  /// `value` as exactly 16 lowercase hex digits.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
