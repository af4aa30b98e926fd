/// xoshiro256** 1.0 (Blackman & Vigna, 2018): the generator every draw comes from.
///
/// Seeded by four outputs of `SplitMix64`, as its authors recommend, so any 64-bit seed (0
/// included) gives a good state.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
  private var s0, s1, s2, s3: UInt64

  /// Creates a `Xoshiro256` from its parts.
  public init(seed: UInt64) {
    var seeder = SplitMix64(seed: seed)
    s0 = seeder.next()
    s1 = seeder.next()
    s2 = seeder.next()
    s3 = seeder.next()
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotl(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, 45)
    return result
  }

  /// A uniform draw in `0...bound`, by Lemire's multiply-and-reject method (no modulo bias).
  public mutating func next(upTo bound: UInt64) -> UInt64 {
    if bound == .max { return next() }
    let range = bound + 1
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold { product = next().multipliedFullWidth(by: range) }
    }
    return product.high
  }

  /// `x` rotated left by `k` bits, `k` in 1...63 (masking shifts: no branch for shifts past 63).
  private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x &<< k) | (x &>> (64 - k)) }
}
