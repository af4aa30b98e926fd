import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Names drawn as bytes are the names the combinators draw")
struct NameBytesTests {
  /// `Gen.visibleName` as the combinators spell it: what `NameBytes` must draw, draw for draw.
  static let composed = Generator<String> { source in
    var name = try Gen.padding.run(&source) ?? ""
    name += try source.draw(Gen.namePiece)
    name += try source.draw(Gen.nameRest)
    if let after = try Gen.padding.run(&source) { name += after }
    return name
  }

  /// The same name, choices and spans (compared byte for byte: `==` on strings is canonical
  /// equivalence, which would pass a decomposed accent for a composed one).
  static func same(_ fast: Generated<String>, _ slow: Generated<String>) -> Bool {
    Array(fast.value.utf8) == Array(slow.value.utf8) && fast.choices == slow.choices
      && fast.spans == slow.spans
  }

  @Test("from seeds, recorded or not, and replayed from edited choices and from a fuzzer's bytes")
  func sameDraws() throws {
    var mismatches: [String] = []
    var lengths = Set<Int>()
    for index in 0..<3_000 as Range<UInt64> where mismatches.count < 3 {
      let seed = Seed.derive(0x4E41_4D45, index)
      let fast = try Gen.visibleName.generate(seed: seed)
      let slow = try Self.composed.generate(seed: seed)
      lengths.insert(fast.value.unicodeScalars.count)
      if !Self.same(fast, slow) {
        mismatches.append("seed \(Seed.format(seed)): \(fast.value) against \(slow.value)")
      }
      let unrecorded = try Gen.visibleName.generate(seed: seed, recording: false).value
      if Array(unrecorded.utf8) != Array(slow.value.utf8) {
        mismatches.append("seed \(Seed.format(seed)) unrecorded")
      }
      // A shrinker's edits: a draw zeroed, one lowered, the sequence cut short.
      let position = Int(index) % max(1, slow.choices.count)
      var edits = [Array(slow.choices.prefix(position))]
      var zeroed = slow.choices
      zeroed[position] = 0
      edits.append(zeroed)
      var lowered = slow.choices
      lowered[position] /= 2
      edits.append(lowered)
      for edit in edits where !Self.same(try Gen.visibleName.replay(edit), try Self.composed.replay(edit)) {
        mismatches.append("seed \(Seed.format(seed)) replaying \(edit)")
      }
      if let span = slow.spans.last,
        !Self.same(
          try Gen.visibleName.replay(slow.choices, fresh: span, seed: seed),
          try Self.composed.replay(slow.choices, fresh: span, seed: seed))
      {
        mismatches.append("seed \(Seed.format(seed)) with span \(span.label) drawn anew")
      }
      let bytes = (0..<Int(index % 40)).map { UInt8(truncatingIfNeeded: Seed.derive(seed, UInt64($0))) }
      var fastSource = ChoiceSource(bytes: bytes)
      var slowSource = ChoiceSource(bytes: bytes)
      let fromBytes = try fastSource.draw(Gen.visibleName)
      if Array(fromBytes.utf8) != Array(try slowSource.draw(Self.composed).utf8)
        || fastSource.choices != slowSource.choices
      {
        mismatches.append("bytes \(bytes)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
    #expect(lengths.count > 20, "the names drawn were all of a few lengths: \(lengths.sorted())")
  }
}
