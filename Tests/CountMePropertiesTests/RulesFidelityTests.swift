import CloudFake
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness
import Testing

@testable import CountMeProperties

/// Firestore's decisions from the process's emulator, under the repository's rule files.
let firestoreRules: FirestoreRules? = (try? FirestoreEmulator.shared.get()).map {
  FirestoreRules(emulator: $0, root: URL(fileURLWithPath: corpusRoot).deletingLastPathComponent())
}

@Suite(
  "The rules property: CloudFake's access decisions are Firestore's", .enabled(if: firestoreRules != nil))
struct RulesFidelityTests {
  static func run(_ fake: @escaping @Sendable (RuleCheck.File) -> AccessRules = { $0.fakeRules }, cases: Int)
    throws -> PropertyReport
  {
    try emulatorReport(RulesFidelity.property(on: try #require(firestoreRules), fake: fake), cases: cases)
  }

  @Test("both rule files: the fake and the emulator agree on 4,000 generated requests")
  func agree() throws {
    let report = try Self.run(cases: 4_000)
    #expect(
      report.passed, "\(HumanReport.failure(report, style: Catalog.reportStyle).joined(separator: "\n"))")
    for file in RuleCheck.File.allCases {
      let count = report.tagCounts.filter { $0.0.hasPrefix("Rules.\(file.rawValue).") }.reduce(0) {
        $0 + $1.1
      }
      #expect(count >= 1_900, "\(file.path): \(count) requests")
    }
  }

  @Test("a fake whose owner check is dropped (anyone signed in may read) is caught, shrunk to one read")
  func ownerCheckDropped() throws {
    let signedIn = AccessRules.Grant([.get, .list, .delete], if: .signedIn)
    let broken = AccessRules(
      AccessRules.appCollections.map {
        AccessRules.CollectionRule($0, grants: [signedIn] + AccessRules.recommended.collections[0].grants)
      })
    let report = try Self.run({ $0 == .recommended ? broken : $0.fakeRules }, cases: 2_000)
    let failure = try #require(
      report.failure, "the rules property let a fake without its owner check through")
    #expect(failure.observed == "CloudFake allows it; Firestore refuses it (403)", "\(failure.observed)")
    // Shrunk to the simplest such request: another user's read of the profile.
    #expect(
      failure.counterexample["method"] == .string("get")
        && failure.counterexample["caller"] == .string("mallory"))
  }

  @Test("a fake that filters a list instead of refusing it whole is caught")
  func listFiltered() throws {
    // A list by anyone signed in answers with what they may read (nothing), as a filter would.
    let filtering = AccessRules(
      AccessRules.recommended.collections.map {
        AccessRules.CollectionRule(
          $0.collection, grants: $0.grants + [AccessRules.Grant([.list], if: .signedIn)])
      })
    let report = try Self.run({ $0 == .recommended ? filtering : $0.fakeRules }, cases: 2_000)
    let failure = try #require(report.failure, "the rules property let a filtering fake through")
    #expect(
      failure.counterexample["method"] == .string("list")
        && failure.counterexample["path"] == .string("users/alice/profile"))
  }

  @Test(
    "seed 002's rules differ from the recommended ones: shrunk, the first difference is the exercise denial")
  func seedFindingShrinks() throws {
    let report = try Self.run({ _ in .recommended }, cases: 2_000)
    let failure = try #require(report.failure, "seed 002's rules decided as the recommended ones everywhere")
    #expect(failure.observed == "CloudFake allows it; Firestore refuses it (403)")
    #expect(
      failure.counterexample
        == .object([
          ("rules", .string("rules/seed-002.rules")), ("method", .string("get")),
          ("path", .string("users/alice/exerciseItems/d1")), ("caller", .string("alice")), ("userId", .null),
          ("existing", .bool(false)),
        ]))
  }

  @Test("seed 002's create hole, as one request: another user creates in alice's food items")
  func createHole() throws {
    let rules = try #require(firestoreRules)
    let planted = RuleCheck(
      file: .seed002, method: .create, segments: ["users", "alice", "foodItems", "d1"], caller: "mallory",
      owner: .caller, existing: false)
    #expect(rules.decide(planted) == .decided(allowed: true, status: 200))
    var recommended = planted
    recommended.file = .recommended
    #expect(rules.decide(recommended) == .decided(allowed: false, status: 403))
  }
}
