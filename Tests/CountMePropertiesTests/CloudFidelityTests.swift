import CloudFake
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness
import Testing

@testable import CountMeProperties

@Suite(
  "Cloud fidelity: CloudFake answers every call as Firestore does",
  .enabled(if: (try? FirestoreEmulator.shared.get()) != nil))
struct CloudFidelityTests {
  static let root = URL(fileURLWithPath: corpusRoot).deletingLastPathComponent()

  static func run(_ rules: AccessRules = .recommended, cases: Int) throws -> PropertyReport {
    let property = try CloudFidelity.property(
      on: try FirestoreEmulator.shared.get(), root: Self.root, fakeRules: rules)
    return try emulatorReport(property, cases: cases)
  }

  @Test("writes, reads, deletions and downloads since a cursor: the same answers on 300 call sequences")
  func agree() throws {
    let report = try Self.run(cases: 300)
    #expect(
      report.passed, "\(HumanReport.failure(report, style: Catalog.reportStyle).joined(separator: "\n"))")
  }

  @Test("a fake that lets anyone signed in read is caught, shrunk to one call")
  func brokenFakeIsCaught() throws {
    let anyone = AccessRules(
      AccessRules.recommended.collections.map {
        AccessRules.CollectionRule(
          $0.collection, grants: $0.grants + [AccessRules.Grant([.get], if: .signedIn)])
      })
    let report = try Self.run(anyone, cases: 300)
    let failure = try #require(
      report.failure, "the fidelity check let a fake without its owner check through")
    #expect(
      failure.counterexample == .array([.object([("get", .integer(0)), ("caller", .string("mallory"))])]))
  }
}
