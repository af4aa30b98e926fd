import CloudFake
import Generators
import PropertyHarness

/// `CloudFake`'s access decisions held to Firestore's own.
///
/// Every generated request, under either rule file of the repository, is allowed by the fake exactly when the
/// emulator, running that file, allows it.
///
/// The oracle is Firestore itself: the emulator judges the file the fake's rules claim to mirror.
/// A decision is the status's: 403 is refused; 200, 404 (nothing there) and 409 (already there)
/// are allowed, the rules having let the request through to the data.
enum RulesFidelity {
  /// The property, asking `firestore` and the fake's rules `fake` gives for a file (the fake's own
  /// unless a test breaks them).
  static func property(
    on firestore: FirestoreRules, fake: @escaping @Sendable (RuleCheck.File) -> AccessRules = { $0.fakeRules }
  ) -> Property<RuleCheck> {
    Property(
      id: "R1", name: "CloudFake's rules decide every request as Firestore's do",
      validates: ["10.3", "10.4"],
      generator: RuleCheck.generator, describe: \.json
    ) { tagged in
      let check = tagged.value
      let expected = "CloudFake and Firestore decide alike under \(check.file.path)"
      switch observe(check, on: firestore, fake: fake(check.file)) {
      case .holds: return .pass
      case let other: return .fail(observed: other.description, expected: expected)
      }
    }
  }

  /// What the fake's rules `fake` and Firestore decide on `check`: `.holds` when they agree.
  static func observe(_ check: RuleCheck, on firestore: FirestoreRules, fake: AccessRules) -> Observation {
    let request = AccessRules.Request(
      check.ruleMethod, segments: check.segments, caller: check.caller, writtenOwner: check.writtenOwner)
    let fakeAllows = fake.allows(request)
    switch firestore.decide(check) {
    case .unanswered(let problem): return .broke(problem)
    case .decided(let allowed, let status):
      guard allowed != fakeAllows else { return .holds }
      let fakeSays = fakeAllows ? "allows" : "refuses"
      return .broke("CloudFake \(fakeSays) it; Firestore \(allowed ? "allows" : "refuses") it (\(status))")
    }
  }
}
