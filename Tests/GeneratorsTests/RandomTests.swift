import Testing

@testable import Generators

@Suite("Random numbers and seeds")
struct RandomTests {
  // Golden values from a direct transcription of the reference C code (Vigna) in another language.
  @Test("SplitMix64 gives the reference outputs for seed 0")
  func splitMix() {
    var generator = SplitMix64(seed: 0)
    let outputs: [UInt64] = [generator.next(), generator.next(), generator.next()]
    #expect(outputs == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
  }

  @Test("xoshiro256** seeded by SplitMix64 gives the reference outputs")
  func xoshiro() {
    var zero = Xoshiro256(seed: 0)
    let fromZero: [UInt64] = [zero.next(), zero.next(), zero.next(), zero.next()]
    #expect(
      fromZero == [
        0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C,
      ])
    var coffee = Xoshiro256(seed: 0xC0FFEE)
    let fromCoffee: [UInt64] = [coffee.next(), coffee.next(), coffee.next()]
    #expect(fromCoffee == [0x120E_99A6_DDE4_A550, 0x8F98_9EF9_7733_D4B4, 0xF0A2_8EB2_E4FD_367B])
  }

  @Test(
    "bounded draws stay in bounds and cover small ranges", arguments: [0, 1, 2, 6, 1_000, UInt64.max / 3])
  func bounded(bound: UInt64) {
    var generator = Xoshiro256(seed: bound)
    var seenTop = false, seenZero = false
    for _ in 0..<2_000 {
      let value = generator.next(upTo: bound)
      #expect(value <= bound)
      seenTop = seenTop || value == bound
      seenZero = seenZero || value == 0
    }
    if bound <= 6 { #expect(seenTop && seenZero) }
  }

  @Test("seeds derive by a fixed function and print as 16 hex digits")
  func seeds() {
    #expect(Seed.derive(0, 0) == Seed.derive(0, 0))
    #expect(Seed.derive(0, 0) != Seed.derive(0, 1) && Seed.derive(0, 0) != Seed.derive(1, 0))
    #expect(Seed.derive(42, "P1") != Seed.derive(42, "P2"))
    #expect(Seed.format(0xBEEF) == "000000000000beef")
    #expect(Seed.parse("000000000000beef") == 0xBEEF && Seed.parse("0xBEEF") == 0xBEEF)
    #expect(Seed.parse("") == nil && Seed.parse("xyz") == nil && Seed.parse("12345678901234567") == nil)
  }

  /// Golden values computed outside Swift (FNV-1a 64 and SplitMix64's finaliser, in Python): a
  /// change to either moves every replay token, so these must never change.
  @Test("a named stream's seed is FNV-1a of its name, mixed: golden values")
  func namedSeedsAreGolden() {
    #expect(NameHash.fnv1a("".utf8) == 0xCBF2_9CE4_8422_2325)
    #expect(NameHash.fnv1a("a".utf8) == 0xAF63_DC4C_8601_EC8C)
    #expect(NameHash.fnv1a("P2".utf8) == 0x0942_9607_B5D2_BAE7)
    #expect(Seed.derive(0xC0FFEE, "P2") == 0xA681_BA8E_10BD_FCB3)
    #expect(Seed.derive(0xC0FFEE, "F21") == 0x849A_B76D_7834_B344)
  }
}
