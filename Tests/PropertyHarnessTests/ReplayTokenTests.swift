import Testing

@testable import PropertyHarness

@Suite("Replay tokens")
struct ReplayTokenTests {
  @Test("print and parse as P<n>-<16 hex>-<case>[@variant]")
  func roundTrip() {
    let token = ReplayToken(property: 11, seed: 0xC0FFEE, caseIndex: 417)
    #expect(token.description == "P11-0000000000c0ffee-417")
    #expect(ReplayToken("P11-0000000000c0ffee-417") == token)
    let variant = ReplayToken(property: 2, seed: 1, caseIndex: 0, variant: "calories-off-by-one")
    #expect(ReplayToken(variant.description) == variant)
  }

  @Test(
    "malformed tokens are refused",
    arguments: [
      "", "P11", "11-0000000000c0ffee-4", "P0-0000000000c0ffee-4", "P1-c0ffee-4", "P1-0000000000c0ffee--4",
      "P1-0000000000c0ffee-x", "P1-000000000zc0ffee-4", "P1-0000000000c0ffee-4@",
    ])
  func malformed(text: String) {
    #expect(ReplayToken(text) == nil)
  }
}
