import Testing

@testable import Generators

@Suite("Shrinking edits the choices, for any generator")
struct ShrinkerTests {
  @Test(
    "(b) 'no element > 100' over integer arrays shrinks to exactly [101]", arguments: Array(1...8) as [UInt64]
  )
  func arrayElement(seed: UInt64) throws {
    let generator = Gen.array(of: Gen.int(in: 0...1_000), count: 0...50, averageExtra: 10)
    let fails: ([Int]) -> Bool = { $0.contains { $0 > 100 } }
    let original = try generator.firstFailure(seed: seed, fails)
    let result = try Shrinker.shrink(generator, from: original.choices, fails: fails)
    #expect(result.value == [101], "seed \(seed): from \(original.value)")
  }

  @Test("the budget bounds the property runs")
  func budget() throws {
    let generator = Gen.array(of: Gen.int(in: 0...1_000_000), count: 0...50, averageExtra: 20)
    let original = try generator.firstFailure { $0.count > 10 }
    let result = try Shrinker.shrink(generator, from: original.choices, budget: 5) { $0.count > 10 }
    #expect(result.runs <= 5 && result.exhaustedBudget)
  }

  @Test("shortlex: shorter is simpler; at equal length, lexicographically smaller is")
  func order() {
    #expect(Shrinker<Int>.simpler([9], than: [0, 0]))
    #expect(Shrinker<Int>.simpler([0, 5], than: [1, 0]))
    #expect(!Shrinker<Int>.simpler([1, 0], than: [1, 0]))
  }
}
