import Foundation
import Testing

@testable import CountMeGenerators
@testable import Generators

/// The harness's own UUID text agrees with Foundation's, both ways.
@Suite("UUID text")
struct UUIDTextTests {
  @Test("writes what uuidString writes, and reads it back")
  func roundTrip() {
    var source = ChoiceSource(seed: 0x0D1D, recording: false)
    for _ in 0..<500 {
      let bytes = (0..<16).map { _ in UInt8(source.draw(upTo: 255)) }
      let id = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
      #expect(id.uuidText == id.uuidString)
      #expect(UUID(uuidText: id.uuidString) == id)
      #expect(UUID(uuidText: id.uuidString.lowercased()) == id)
    }
  }

  @Test(
    "reads what UUID(uuidString:) reads in the canonical form, and refuses what it should",
    arguments: [
      "", "00000000-0000-0000-0000-000000000000", "ffffffff-FFFF-ffff-FFFF-ffffffffffff",
      "00000000-0000-0000-0000-00000000000", "00000000-0000-0000-0000-0000000000000",
      "000000000000-0000-0000-0000-00000000", "00000000_0000-0000-0000-000000000000",
      "0000000g-0000-0000-0000-000000000000", "{00000000-0000-0000-0000-000000000000}",
      "00000000-0000-0000-0000-00000000000é", "00000000000000000000000000000000",
    ])
  func agrees(text: String) {
    #expect(UUID(uuidText: text) == UUID(uuidString: text))
  }

  /// NB: Foundation on Linux reads each byte with `sscanf("%2hhx")`, which takes a space, a sign
  /// or `0x` before the digits; Darwin's `uuid_parse` refuses them. The harness reads the
  /// canonical form only.
  @Test(
    "refuses the near-UUIDs Linux Foundation reads",
    arguments: [
      " 0000000-0000-0000-0000-000000000000", "+0000000-0000-0000-0000-000000000000",
      "-0000000-0000-0000-0000-000000000000", "0x000000-0000-0000-0000-000000000000",
      "00000000-0000-0000-0000-0000000000 0",
    ])
  func strict(text: String) {
    #expect(UUID(uuidText: text) == nil)
  }
}
