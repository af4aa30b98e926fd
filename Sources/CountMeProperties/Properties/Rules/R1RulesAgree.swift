import Foundation
import Generators
import PropertyHarness

/// The rules suite: the harness's fake held to the real Firestore.
enum Rules {
  /// Property R1: `CloudFake` decides every request as Firestore does, under each rule file of
  /// the repository (see `RulesFidelity`).
  ///
  /// It judges the harness's fake, not an implementation: the catalog runs it in the harness's own check,
  /// against the emulator (`FirestoreRules.shared`).
  static let rulesAgree = PropertySpec(
    id: "R1", name: "CloudFake's rules decide every request as Firestore's do", validates: ["10.3", "10.4"],
    judges: [], killBudget: 200, generator: { _ in RuleCheck.generator }, encode: \.json,
    decode: { json, _ in try RuleCheck.decode(json) }, needsFirestore: true,
    expect: { check in .holds("CloudFake and Firestore decide alike under \(check.value.file.path)") },
    observe: { check, _ in
      guard case .success(let firestore) = FirestoreRules.shared else {
        return .broke("the Firestore emulator is not there to ask")
      }
      return RulesFidelity.observe(check, on: firestore, fake: check.file.fakeRules)
    }
  ).erased
}
