import Testing

@testable import Generators

@Suite("Combinators")
struct CombinatorTests {
  func values<T>(_ generator: Generator<T>, _ count: Int = 2_000, seed: UInt64 = 7) -> [T] {
    (0..<count).compactMap { try? generator.generate(seed: Seed.derive(seed, UInt64($0))).value }
  }

  @Test("a recorded choice sequence replays to the same value; an exhausted one to the simplest")
  func replay() throws {
    let generator = Gen.array(of: Gen.int(in: 0...1_000), count: 0...20)
    for index in 0..<200 {
      let generated = try generator.generate(seed: UInt64(index))
      #expect(try generator.replay(generated.choices).value == generated.value, "seed \(index)")
    }
    #expect(try generator.replay([]).value == [])
    #expect(try Gen.int(in: 5...9).replay([]).value == 5)
  }

  @Test("integers stay in range and shrink toward the target in zigzag order")
  func integers() throws {
    for value in values(Gen.int(in: -3...10)) { #expect((-3...10).contains(value)) }
    let ordered = try (0...13).map { try Gen.int(in: -3...10).replay([UInt64($0)]).value }
    #expect(ordered == [0, 1, -1, 2, -2, 3, -3, 4, 5, 6, 7, 8, 9, 10])
    let toward = try (0...4).map { try Gen.int(in: 0...10, shrinkingToward: 9).replay([UInt64($0)]).value }
    #expect(toward == [9, 10, 8, 7, 6])
    #expect(Set(values(Gen.int(in: Int.min...Int.max), 50)).count > 45)
  }

  @Test("doubles reach the exact boundaries of their range")
  func doubleBoundaries() {
    let seen = values(Gen.double(in: 0...50_000), 5_000)
    for boundary in [0, 50_000, 50_000.nextDown, Double.leastNonzeroMagnitude] {
      #expect(seen.contains(boundary), "never generated \(boundary)")
    }
    #expect(seen.contains { $0 == 0 && $0.sign == .minus }, "never generated -0.0")
    #expect(seen.contains { $0 != $0.rounded() }, "never generated a fraction")
    #expect(seen.allSatisfy { (0...50_000).contains($0) })
  }

  @Test("invalid numbers reach NaN, infinities, subnormals and the step past the maximum")
  func invalidNumbers() {
    let above = values(Gen.above(50_000), 3_000)
    #expect(above.contains(50_000.nextUp) && above.contains(.greatestFiniteMagnitude))
    #expect(above.allSatisfy { $0 > 50_000 && $0.isFinite })
    let negative = values(Gen.negative, 3_000)
    #expect(negative.contains(-.leastNonzeroMagnitude) && negative.allSatisfy { $0 < 0 })
    let nonFinite = values(Gen.nonFinite, 200)
    #expect(
      nonFinite.contains { $0.isNaN } && nonFinite.contains(.infinity) && nonFinite.contains(-.infinity))
  }

  @Test("filter counts its rejections as discards and gives up after its budget")
  func filter() throws {
    let even = Gen.int(in: 0...100).filter(maxAttempts: 50) { $0 % 2 == 0 }
    let generated = try even.generate(seed: 3)
    #expect(generated.value % 2 == 0)
    let impossible = Gen.int(in: 0...100).filter(maxAttempts: 10) { _ in false }
    #expect(throws: GenerationError.discarded(attempts: 10)) { try impossible.generate(seed: 3) }
    let rejections = (0..<100).map { (try? even.generate(seed: UInt64($0)).rejections) ?? 0 }.reduce(0, +)
    #expect(rejections > 0)
  }

  @Test("aimed applies its aim to some values, after them: a seed's value is the same, aimed or not")
  func aimed() throws {
    let base = Gen.array(of: Gen.int(in: 0...9), count: 0...6)
    let aimed = base.aimed(probability: 0.25) { $0.map { $0 + 100 } }
    var aimedCount = 0
    for seed in 0..<400 as Range<UInt64> {
      let plain = try base.generate(seed: seed), value = try aimed.generate(seed: seed)
      // The base draws first, then one coin: the base's draws are a prefix of the aimed ones.
      #expect(value.choices.count == plain.choices.count + 1, "seed \(seed)")
      #expect(Array(value.choices.prefix(plain.choices.count)) == plain.choices, "seed \(seed)")
      if value.value == plain.value.map({ $0 + 100 }) && !plain.value.isEmpty {
        aimedCount += 1
      } else {
        #expect(value.value == plain.value, "seed \(seed)")
      }
      // The coin at its simplest (0) leaves the value alone.
      #expect(try aimed.replay(plain.choices + [0]).value == plain.value, "seed \(seed)")
    }
    #expect((60...140).contains(aimedCount), "\(aimedCount) of 400 aimed at probability 0.25")
  }

  @Test("frequency follows its weights; optional is sometimes nil; arrays keep their size range")
  func shapes() {
    let picks = values(Gen.frequency([(9, Gen.constant(true)), (1, Gen.constant(false))]), 2_000)
    let trues = picks.filter { $0 }.count
    #expect((1_650...1_950).contains(trues), "\(trues) of 2,000 for weight 9:1")
    let optionals = values(Gen.optional(Gen.constant(1), nilProbability: 0.25), 2_000)
    #expect((350...650).contains(optionals.filter { $0 == nil }.count))
    for array in values(Gen.array(of: Gen.constant(0), count: 2...5), 500) {
      #expect((2...5).contains(array.count))
    }
  }
}
