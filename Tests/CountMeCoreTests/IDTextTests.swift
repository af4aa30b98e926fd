import Foundation
import Testing

@testable import CountMeCore

/// CountMeCore's own id text, held to Foundation's `uuidString`, and FNV-1a to its published vectors.
@Suite("Writing ids and checksums")
struct IDTextTests {
  @Test("an id writes as uuidString writes it, and reads back")
  func idText() {
    var random = QueueFileBodyTests.Random(state: 0x1D7E)
    var ids = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]
    ids.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
    for _ in 0..<500 {
      ids.append(
        withUnsafeBytes(of: (random.next(), random.next())) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
    }
    for id in ids {
      #expect(id.idText == id.uuidString)
      #expect(CanonicalUUID.parse(id.idText) == id)
    }
  }

  @Test("FNV-1a 64 gives the published test vectors, from memory and from a sequence alike")
  func checksum() {
    // The FNV reference's vectors for FNV-1a, 64 bits: "", "a", "foobar".
    let vectors: [(String, UInt64)] = [
      ("", 0xCBF2_9CE4_8422_2325), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8),
    ]
    for (text, expected) in vectors {
      let bytes = Array(text.utf8)
      #expect(FNV1a.hash(bytes) == expected, "\(text) from an array")
      #expect(FNV1a.hash(bytes.lazy.map { $0 }) == expected, "\(text) from a sequence with no storage")
      #expect(bytes.withUnsafeBytes { FNV1a.hash($0) } == expected, "\(text) from raw memory")
    }
    // Continuing a hash is hashing the concatenation.
    #expect(FNV1a.hash(Array("bar".utf8), continuing: FNV1a.hash(Array("foo".utf8))) == 0x8594_4171_F739_67E8)
  }
}
