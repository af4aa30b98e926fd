import Generators
import Testing

@testable import PropertyHarness

@Suite("Replay tokens")
struct ReplayTokenTests {
  @Test("print and parse as <id>-<16 hex>-<case>[@variant], for every suite's ids")
  func roundTrip() {
    let token = ReplayToken(property: "P11", seed: 0xC0FFEE, caseIndex: 417)
    #expect(token.description == "P11-0000000000c0ffee-417")
    #expect(ReplayToken("P11-0000000000c0ffee-417") == token)
    let variant = ReplayToken(property: "P2", seed: 1, caseIndex: 0, variant: "calories-off-by-one")
    #expect(ReplayToken(variant.description) == variant)
    let dotted = ReplayToken(property: "W1.4", seed: 2, caseIndex: 9)
    #expect(dotted.description == "W1.4-0000000000000002-9" && ReplayToken(dotted.description) == dotted)
  }

  @Test("a generator's version past the first is part of the token, before the variant")
  func versioned() {
    let token = ReplayToken(
      property: "F21", seed: 0xC0FFEE, caseIndex: 7, variant: "log-sync-skips-exercise", generatorVersion: 3)
    #expect(token.description == "F21-0000000000c0ffee-7-g3@log-sync-skips-exercise")
    #expect(ReplayToken(token.description) == token)
    #expect(ReplayToken("F21-0000000000c0ffee-7")?.generatorVersion == 1, "a token without -g is version 1")
    #expect(token.caseSeed == ReplayToken(property: "F21", seed: 0xC0FFEE, caseIndex: 7).caseSeed)
  }

  @Test("a token of another generator version is refused, not replayed as another case")
  func otherVersionRefused() throws {
    let property = Property(
      id: "P1", name: "always", validates: [], generator: Gen.int(in: 0...9).map { Tagged($0, tags: []) },
      generatorVersion: 2, describe: { .integer(Int64($0)) }
    ) { _ in .pass }
    let old = ReplayToken(property: "P1", seed: 1, caseIndex: 3)
    #expect(throws: ReplayToken.Refusal.version(old, current: 2)) {
      try Runner.replay(old, on: AnyProperty(property))
    }
    let current = ReplayToken(property: "P1", seed: 1, caseIndex: 3, generatorVersion: 2)
    #expect(try Runner.replay(current, on: AnyProperty(property)).passed)
    #expect(
      "\(ReplayToken.Refusal.version(old, current: 2))".hasPrefix(
        "token P1-0000000000000001-3 was made by version 1 of P1's generator, and this build has version 2"))
  }

  @Test(
    "a token names the policy its property ran under; one naming another is refused, one naming none replays")
  func policyNamed() throws {
    let token = try #require(ReplayToken("W1.2-0000000000c0ffee-17~workout@workout-sixth-attempt"))
    #expect(token.policy == "workout" && token.variant == "workout-sixth-attempt" && token.caseIndex == 17)
    #expect(token.description == "W1.2-0000000000c0ffee-17~workout@workout-sixth-attempt")
    #expect(ReplayToken("F21-0000000000c0ffee-7-g2~workout")?.generatorVersion == 2)
    #expect(
      ReplayToken("W1.2-0000000000c0ffee-17~") == nil && ReplayToken("W1.2-0000000000c0ffee-17~a-b") == nil)
    var property = Property(
      id: "W1.2", name: "always", validates: [], generator: Gen.int(in: 0...9).map { Tagged($0, tags: []) },
      describe: { .integer(Int64($0)) }
    ) { _ in .pass }
    property.policy = "workout"
    let other = ReplayToken(property: "W1.2", seed: 1, caseIndex: 3, policy: "countme")
    #expect(throws: ReplayToken.Refusal.policy(other, current: "workout")) {
      try Runner.replay(other, on: AnyProperty(property))
    }
    #expect(
      try Runner.replay(ReplayToken(property: "W1.2", seed: 1, caseIndex: 3), on: AnyProperty(property))
        .passed)
    var failing = Property(
      id: "W1.2", name: "never", validates: [], generator: Gen.int(in: 0...9).map { Tagged($0, tags: []) },
      describe: { .integer(Int64($0)) }
    ) { _ in .fail(observed: "no", expected: "yes") }
    failing.policy = "workout"
    let report = Runner.run([AnyProperty(failing)], settings: RunSettings(seed: 1, cases: 1))
    #expect(report.properties.first?.failure?.token.description == "W1.2-0000000000000001-0~workout")
  }

  @Test("a P token derives the same case seed as before ids had suites")
  func seedsUnchanged() {
    // Seed.derive(Seed.derive(seed, "P<n>"), index): the derivation of the first release.
    let token = ReplayToken(property: "P2", seed: 0xC0FFEE, caseIndex: 105)
    #expect(token.caseSeed == Seed.derive(Seed.derive(0xC0FFEE, "P2"), 105))
  }

  @Test(
    "malformed tokens are refused",
    arguments: [
      "", "P11", "11-0000000000c0ffee-4", "P0-0000000000c0ffee-4", "P1-c0ffee-4", "P1-0000000000c0ffee--4",
      "P1-0000000000c0ffee-x", "P1-000000000zc0ffee-4", "P1-0000000000c0ffee-4@", "P1.-0000000000c0ffee-4",
      "F-0000000000c0ffee-4", "P1-0000000000c0ffee-4-g1", "P1-0000000000c0ffee-4-g",
      "P1-0000000000c0ffee-4-x2",
      "P1-0000000000c0ffee-4-g2-g3", "P1-0000000000c0ffee-4-g٣", "P1-0000000000c0ffee-4-g+2",
    ])
  func malformed(text: String) {
    #expect(ReplayToken(text) == nil)
  }
}

@Suite("Property ids and selections")
struct PropertySelectionTests {
  let available: [PropertyID] = [
    "P1", "P2", "P13", "F12", "F19", "F20", "F21", "W1.1", "W1.4", "W1.10", "W2.1",
  ]

  @Test("ids order by suite, then number by number")
  func order() {
    let (w14, w110, p2, p13): (PropertyID, PropertyID, PropertyID, PropertyID) = (
      "W1.4", "W1.10", "P2", "P13"
    )
    #expect(w14 < w110 && p2 < p13 && p13 < w14)
    let parsed = ["p2", "P-2", "P", "2", "W1..4", "F19"].map { PropertyID($0 as String) }
    #expect(
      parsed == [
        PropertyID(suite: "p", numbers: [2]), nil, nil, nil, nil, PropertyID(suite: "F", numbers: [19]),
      ])
  }

  @Test(
    "lists, ranges within a suite and suite names select ids in catalog order",
    arguments: [
      ("F19-F21,P2", ["P2", "F19", "F20", "F21"]),
      ("P13, P1", ["P1", "P13"]),
      ("F", ["F12", "F19", "F20", "F21"]),
      ("firebase", ["F12", "F19", "F20", "F21"]),
      ("W1.1-W1.10", ["W1.1", "W1.4", "W1.10"]),
      ("P1-P13", ["P1", "P2", "P13"]),
    ] as [(String, [PropertyID])])
  func select(text: String, expected: [PropertyID]) throws {
    #expect(try PropertySelection.select(text, from: available, suites: ["firebase": "F"]) == expected)
  }

  @Test(
    "unknown ids, ranges across suites or downward, and junk are refused with a reason",
    arguments: [
      ("P3", "no property P3"), ("P1-F12", "the range P1-F12 must go upward within one suite"),
      ("P13-P1", "the range P13-P1 must go upward within one suite"),
      ("", "'' is not a property id, a range such as F19-F21, or a suite name"),
      ("P1-P2-P13", "'P1-P2-P13' is not a property id, a range such as F19-F21, or a suite name"),
      ("parity", "the suite 'parity' (X…) has no properties yet"),
      ("P1,accounts", "the suite 'accounts' (A…) has no properties yet"),
    ])
  func refused(text: String, message: String) {
    #expect(throws: PropertySelection.Problem(message: message)) {
      try PropertySelection.select(text, from: available, suites: ["parity": "X", "accounts": "A"])
    }
  }
}
