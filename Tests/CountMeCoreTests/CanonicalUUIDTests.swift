import Foundation
import Testing

@testable import CountMeCore

@Suite("Reading ids")
struct CanonicalUUIDTests {
  @Test("an id in either case reads as the id uuidString wrote")
  func canonical() {
    var random = QueueFileBodyTests.Random(state: 0x1D)
    for _ in 0..<300 {
      let id = withUnsafeBytes(of: (random.next(), random.next())) {
        UUID(uuid: $0.loadUnaligned(as: uuid_t.self))
      }
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
