import Generators
import Testing

@testable import PropertyHarness

@Suite("The explain phase")
struct ExplainerTests {
  /// Two labelled numbers, `a` and `b`, in 0...9.
  /// A pair as JSON. NB: a typed function: as a closure of implicit members it took the type
  /// checker 11 s.
  static func describe(_ pair: (Int, Int)) -> JSON {
    .array([.integer(Int64(pair.0)), .integer(Int64(pair.1))])
  }

  static let pair = Generator<(Int, Int)> { source in
    let a = try source.span("a") { try $0.draw(Gen.int(in: 0...9)) }
    let b = try source.span("b") { try $0.draw(Gen.int(in: 0...9)) }
    return (a, b)
  }

  @Test("a part that never matters is free, one whose other values pass is named")
  func freeAndMatters() throws {
    let generated: [Generated<(Int, Int)>] = (0..<100 as Range<UInt64>).compactMap { seed in
      try? Self.pair.generate(seed: seed)
    }
    let failing = try #require(generated.first { $0.value.0 == 9 })
    let explanation = try #require(
      Explainer.explain(
        Self.pair, choices: failing.choices, seed: 1,
        describe: Self.describe, fails: { $0.0 == 9 }))
    #expect(explanation.free == ["b"] && explanation.matters == ["a"])
    #expect(explanation.sentence == "any b (8 tries each): only a matters")
  }

  @Test("nothing is said when every part matters")
  func nothingFree() throws {
    let failing = try #require(
      (0..<5_000 as Range<UInt64>).lazy.compactMap { try? Self.pair.generate(seed: $0) }.first {
        $0.value == (9, 9)
      })
    #expect(
      Explainer.explain(
        Self.pair, choices: failing.choices, seed: 1,
        describe: Self.describe, fails: { $0 == (9, 9) }) == nil)
  }
}
