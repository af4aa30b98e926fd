import Foundation
import Testing

@testable import CountMeCore

@Suite("Reading ids")
struct CanonicalUUIDTests {
  @Test("an id in either case reads as the id uuidString wrote")
  func canonical() {
    var generator = SplitMixIDs(seed: 0x1D)
    for _ in 0..<300 {
      let id = generator.uuid()
      #expect(CanonicalUUID.parse(id.uuidString) == id)
      #expect(CanonicalUUID.parse(id.uuidString.lowercased()) == id)
    }
  }

  @Test(
    "anything else names no id, though Linux Foundation reads some of it",
    arguments: [
      "", "00000000-0000-0000-0000-00000000000", "00000000-0000-0000-0000-0000000000000",
      "000000000000-0000-0000-0000-00000000", "0000000g-0000-0000-0000-000000000000",
      "{00000000-0000-0000-0000-000000000000}", "00000000000000000000000000000000",
      " 0000000-0000-0000-0000-000000000000", "+0000000-0000-0000-0000-000000000000",
      "-0000000-0000-0000-0000-000000000000", "0x000000-0000-0000-0000-000000000000",
      "00000000-0000-0000-0000-0000000000 0", "00000000-0000-0000-0000-00000000000é",
    ])
  func refused(text: String) {
    #expect(CanonicalUUID.parse(text) == nil)
    #expect(FoodItem.entityId(ofDocument: text) == nil)
  }
}

/// Fixed pseudo-random ids (SplitMix64), so the test never reads the system generator.
private struct SplitMixIDs {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func uuid() -> UUID {
    let (a, b) = (next(), next())
    return withUnsafeBytes(of: (a, b)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
  }
}
