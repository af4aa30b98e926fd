import CountMeCore
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Addresses at the email rule's length limits")
struct EmailLimitTests {
  func values(_ generator: Generator<Tagged<String>>, _ count: Int = 600) -> [Tagged<String>] {
    (0..<count).compactMap { try? generator.generate(seed: Seed.derive(11, UInt64($0))).value }
  }

  @Test("a padded domain has exactly the length asked for, in labels the rule allows")
  func paddedDomain() {
    for length in 5...300 {
      let domain = Gen.domain(length: length)
      #expect(domain.count == length, "\(length)")
      #expect(
        domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
          (1...63).contains($0.count)
        })
    }
  }

  @Test("each longest address reaches its limit exactly, and the rule accepts it")
  func longest() throws {
    let drawn = values(Gen.longestEmail)
    for tag in ["Email.valid.longestLocalPart", "Email.valid.longestLabel", "Email.valid.longestAddress"] {
      #expect(drawn.contains { $0.tags == [tag] }, "never drew \(tag)")
    }
    for email in drawn {
      let address = try EmailAddress.checked(email.value)
      let local = address.split(separator: "@")[0]
      let labels = address.split(separator: "@")[1].split(separator: ".")
      switch email.tags {
      case ["Email.valid.longestLocalPart"]: #expect(local.utf8.count == 64)
      case ["Email.valid.longestLabel"]: #expect(labels.map(\.count).max() == 63)
      default: #expect(address.count == 254)
      }
    }
  }

  @Test("an address one character too long is 255 characters, refused")
  func oneTooLong() {
    let tooLong = values(Gen.invalidEmail, 3_000).filter { $0.tags == ["Email.invalid.tooLongByOne"] }
    #expect(!tooLong.isEmpty)
    for email in tooLong {
      #expect(email.value.count == 255)
      #expect(throws: AuthError.invalidEmail) { try EmailAddress.checked(email.value) }
    }
  }
}
