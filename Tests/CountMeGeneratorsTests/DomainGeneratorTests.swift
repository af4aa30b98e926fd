import CountMeCore
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("CountMe's text, date and document generators")
struct DomainGeneratorTests {
  func values<T>(_ generator: Generator<T>, _ count: Int = 2_000, seed: UInt64 = 7) -> [T] {
    (0..<count).compactMap { try? generator.generate(seed: Seed.derive(seed, UInt64($0))).value }
  }

  @Test("names always have a visible character; invisible strings never do; both reach their families")
  func strings() {
    let names = values(Gen.visibleName, 3_000)
    #expect(
      names.allSatisfy {
        $0.unicodeScalars.contains { !Gen.invisibleScalars.contains($0) && !$0.properties.isWhitespace }
      })
    #expect(names.contains { $0.unicodeScalars.contains { $0.value >= 0x1F300 } }, "no emoji")
    #expect(
      names.contains { $0.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) } },
      "no right-to-left")
    #expect(
      names.contains { $0.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark } })
    let invisible = values(Gen.invisibleString, 3_000)
    #expect(invisible.contains("") && invisible.contains(" "))
    for scalar in ["\u{00A0}", "\u{2028}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\t", "\n"] as [Unicode.Scalar]
    {
      #expect(
        invisible.contains { $0.unicodeScalars.contains(scalar) },
        "never generated U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test("dates are whole milliseconds that survive Timestamp conversion exactly")
  func dates() {
    for date in values(Gen.date, 5_000) {
      let stamp = Timestamp(date: date)
      #expect(stamp.nanoseconds % 1_000_000 == 0 && stamp.dateValue() == date, "\(stamp)")
    }
  }

  @Test("a fuzzer's bytes replay to the same corrupt document from the choices they recorded")
  func theRecordedChoicesReplayTheSameDocument() throws {
    let generator = Gen.oneOf(DocumentModel.allCases.map(Gen.corruptDocument))
    var state: UInt64 = 7
    for length in [0, 1, 17, 300, 4_000] {
      let bytes = (0..<length).map { _ -> UInt8 in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
      }
      var source = ChoiceSource(bytes: bytes)
      let value = try generator.run(&source)
      let replayed = try generator.replay(source.choices).value
      #expect(replayed.value == value.value, "bytes of length \(length)")
      #expect(replayed.tags == value.tags, "bytes of length \(length)")
    }
  }
}
