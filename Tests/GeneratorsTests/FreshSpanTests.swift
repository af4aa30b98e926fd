import Testing

@testable import Generators

@Suite("Replaying with one part drawn anew")
struct FreshSpanTests {
  /// A pair: a labelled list of up to 5 numbers, then a labelled number.
  static let pair = Generator<([Int], Int)> { source in
    let list = try source.span("list") { try $0.draw(Gen.array(of: Gen.int(in: 0...9), count: 0...5)) }
    let last = try source.span("last") { try $0.draw(Gen.int(in: 0...9)) }
    return (list, last)
  }

  @Test("the other parts keep their values, even when the new part draws more or fewer choices")
  func keepsTheRest() throws {
    let original = try Self.pair.generate(seed: 7)
    let list = try #require(original.spans.first { $0.label == "list" })
    var lengths = Set<Int>()
    for seed in 0..<40 as Range<UInt64> {
      let again = try Self.pair.replay(original.choices, fresh: list, seed: seed)
      #expect(again.value.1 == original.value.1, "the part after the fresh one moved")
      lengths.insert(again.value.0.count)
    }
    #expect(lengths.count > 1, "the fresh part never changed its length")
    let last = try #require(original.spans.first { $0.label == "last" })
    let again = try Self.pair.replay(original.choices, fresh: last, seed: 3)
    #expect(again.value.0 == original.value.0)
  }
}
