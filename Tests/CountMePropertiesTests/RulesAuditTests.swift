import CountMeContract
import CountMeCore
import Foundation
import PropertyHarness
import Testing

@testable import CountMeProperties

/// The rules audit on the Firestore emulator: CountMe's recommended rules give each of its
/// collections exactly owner-only access, and a rules file with a hole, or stricter than declared, is
/// caught and shrunk to the one request.
@Suite("A collection's rules audited by the Firestore emulator")
struct RulesAuditTests {
  static func recommended() throws -> String {
    try String(contentsOfFile: "firestore.rules", encoding: .utf8)
  }

  /// Owner-only rules for every collection of a user, but with `get` and `write` as given.
  static func rules(get: String, write: String) -> String {
    """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /users/{userId}/{collection}/{documentId} {
          allow get: if \(get);
          allow list, delete: if request.auth != null && request.auth.uid == userId;
          allow \(write): if request.auth != null && request.auth.uid == userId
            && request.resource.data.userId == userId;
        }
      }
    }
    """
  }

  @Test("CountMe's firestore.rules give food items, daily logs and the goal exactly owner-only access")
  func recommendedHolds() throws {
    let rules = try Self.recommended()
    for property in [
      try RulesAudit.property(of: CountMeCollections.foodItems, rules: rules),
      try RulesAudit.property(of: CountMeCollections.dailyLogs, rules: rules),
      try RulesAudit.property(of: CountMeCollections.goal, rules: rules),
    ] {
      let report = try emulatorReport(property, cases: 60)
      #expect(report.passed, "\(report.failure?.observed ?? "")")
    }
  }

  /// The shrunk failure of 200 cases of the food items' audit under `rules`; nil when it held.
  static func foodItemsFailure(under rules: String) throws -> FailureReport? {
    try emulatorReport(try RulesAudit.property(of: CountMeCollections.foodItems, rules: rules), cases: 200)
      .failure
  }

  @Test("a get any signed-in user may make is a hole, shrunk to a stranger's get of one document")
  func hole() throws {
    let rules = Self.rules(get: "request.auth != null", write: "create, update")
    let failure = try #require(
      try Self.foodItemsFailure(under: rules), "the audit let a stranger's read through")
    #expect(failure.observed.hasPrefix("Firestore allows stranger's get of a food item of users/{owner}"))
    #expect(
      failure.counterexample
        == .object([("caller", .string("stranger")), ("method", .string("get")), ("slot", .integer(0))]))
  }

  @Test("rules that refuse the owner's update are stricter than declared, shrunk to that update")
  func tooStrict() throws {
    let rules = Self.rules(get: "request.auth != null && request.auth.uid == userId", write: "create")
    let failure = try #require(
      try Self.foodItemsFailure(under: rules), "the audit let rules through that refuse the owner's update")
    #expect(failure.observed.contains("stricter than declared"), "\(failure.observed)")
    #expect(
      failure.counterexample
        == .object([
          ("caller", .string("owner")), ("method", .string("update")), ("slot", .integer(0)),
          ("written", .string("asWritten")),
        ]))
  }

  @Test("CountMe's rules check no field but the owner: a food item without calories goes through")
  func fieldsUnchecked() throws {
    let access = DeclaredAccess(requiredFields: ["calories"])
    let property = try RulesAudit.property(
      of: CountMeCollections.foodItems, rules: try Self.recommended(), access: access)
    let failure = try #require(try emulatorReport(property, cases: 400).failure)
    #expect(
      failure.observed.hasSuffix("without its field calories; the declared access refuses it: a hole (200)"))
  }
}
