/// SplitMix64 (Steele, Lea & Flood, 2014): the seeding generator and the seed-mixing function.
///
/// Fixed arithmetic on `UInt64` with wrapping operators, so it gives the same numbers on every
/// platform, build mode and run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a `SplitMix64` from its parts.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// The SplitMix64 finaliser: a bijection on `UInt64` that spreads every input bit over the output.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
