import Testing

@testable import Generators

/// A fuzzer's bytes as draws (`ChoiceSource(bytes:)`): each draw reads its bound's byte width.
@Suite struct BytesSourceTests {
  @Test func eachDrawReadsTheBytesItsBoundNeeds() {
    var source = ChoiceSource(bytes: [0x05, 0x01, 0x02, 0xFF, 0x07])
    #expect(source.draw(upTo: 0) == 0)  // no bytes
    #expect(source.draw(upTo: 255) == 5)  // one byte
    #expect(source.draw(upTo: 65_535) == 0x0102)  // two bytes, big-endian
    #expect(source.draw(upTo: 9) == 0xFF % 10)  // one byte, modulo the range
    #expect(source.draw(upTo: 1_000) == 0x0700 % 1_001)  // the missing byte reads as 0
    #expect(source.draw(upTo: .max) == 0)  // then every draw is 0
    #expect(source.choices == [0, 5, 0x0102, 5, 0x0700 % 1_001, 0])
  }

  @Test func aFullWidthDrawIsTheRawValue() {
    var source = ChoiceSource(bytes: Array(repeating: 0xFF, count: 8))
    #expect(source.draw(upTo: .max) == .max)
  }
}
