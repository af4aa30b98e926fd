import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 1: for any valid email and password (8 characters or more), creating an account
  /// succeeds and gives a user with a unique id.
  ///
  /// The oracle, written out: one to four sign-ups on one auth service (`AuthFake`), each checked by
  /// the system's credential rules, then asked of the service. An address is its account's the
  /// first time it is seen, where two addresses are one when they are equal once trimmed of
  /// surrounding whitespace and compared without regard to case (as Firebase Auth compares them);
  /// so a first sign-up succeeds with a user id no earlier sign-up got, and the address the service
  /// keeps is the one typed, trimmed; a later sign-up of the same address is answered
  /// `emailAlreadyInUse`. The password goes as typed.
  static let validAccountCreation = PropertySpec(
    id: "F1", name: "Valid account creation", validates: ["1.1"], judges: [.credentials], killBudget: 500,
    generator: { _ in signUps }, generatorVersion: 2,
    encode: { .object([("signUps", .array($0.map(\.json)))]) },
    decode: { json, _ in
      try JSONReader(json, path: "input").array("signUps").enumerated().map { index, signUp in
        try SignUpInput(json: signUp, path: "input.signUps[\(index)]")
      }
    },
    expect: { _ in
      .holds("each new valid address gets an account with a user id of its own, kept as typed, trimmed")
    },
    observe: observeValidAccountCreation
  ).erased

  /// One to four valid sign-ups, some of an address already used or at the rule's length limits.
  ///
  /// One to four valid sign-ups, some of them (one in nine) of an address already used, typed again
  /// in another case or with other whitespace around it, and one in nine of an address at one of
  /// the email rule's length limits (version 2: 254 characters, a 64-character local part, a
  /// 63-character label).
  static let signUps: Generator<Tagged<[SignUpInput]>> = Gen.array(
    of: Gen.frequency([
      (7, SignUpInput.generator(email: Gen.validEmail, password: Gen.password(length: 8...16))),
      (
        1,
        Gen.validEmail.map {
          Tagged(
            SignUpInput(email: " \($0.value.uppercased())", password: "again-pass"), tags: ["Email.repeated"])
        }
      ),
      (1, SignUpInput.generator(email: Gen.longestEmail, password: Gen.password(length: 8...16))),
    ]), count: 1...4, averageExtra: 1
  ).map { signUps in Tagged(signUps.map(\.value), tags: Array(Set(signUps.flatMap(\.tags))).sorted()) }

  static func observeValidAccountCreation(_ signUps: [SignUpInput], _ system: SystemLayers) -> Observation {
    var service = AuthFake()
    var accounts: Set<String> = []
    var uids: Set<String> = []
    for (index, signUp) in signUps.enumerated() {
      let typed = signUp.trimmedEmail
      let isNew = accounts.insert(typed.lowercased()).inserted
      let request: SignUpRequest
      switch signUp.request(system) {
      case .success(let made): request = made
      case .failure(let error):
        return .broke(
          "sign-up \(index) of \(SignUpInput.quoted(signUp.email)) was refused: \(ModelProperties.describe(error))"
        )
      }
      guard request.email.lowercased() == typed.lowercased(), request.password == signUp.password else {
        return .broke(
          "sign-up \(index) of \(SignUpInput.quoted(signUp.email)) asked for the account of \(SignUpInput.quoted(request.email)) "
            + "(password \(request.password == signUp.password ? "as typed" : "changed")); expected \(SignUpInput.quoted(typed))"
        )
      }
      switch service.createAccount(request) {
      case .success(let grant):
        guard isNew else {
          return .broke("sign-up \(index) created a second account for \(SignUpInput.quoted(typed))")
        }
        guard uids.insert(grant.user.uid).inserted else {
          return .broke(
            "sign-up \(index) of \(SignUpInput.quoted(typed)) got user id \(grant.user.uid), already another's"
          )
        }
      case .failure(let error):
        guard !isNew, error == .emailAlreadyInUse else {
          return .broke(
            "sign-up \(index) of \(SignUpInput.quoted(typed)), a new address, failed with \(ModelProperties.describe(error))"
          )
        }
      }
    }
    return .holds
  }
}
