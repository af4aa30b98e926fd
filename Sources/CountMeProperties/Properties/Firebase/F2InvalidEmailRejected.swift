import CountMeContract
import CountMeCore
import CountMeGenerators
import Generators
import PropertyHarness

extension Firebase {
  /// Property 2: an invalid email address fails account creation with an invalid email error.
  ///
  /// Property 2: for any string that is not a valid email address, creating an account fails with
  /// an invalid email error (before the auth service is asked).
  ///
  /// The oracle: each input breaks one rule of the email rule (`docs/rules.md`, "Accounts"; its tag
  /// names the rule), with a valid password beside it, so the only right answer is
  /// `AuthError.invalidEmail`.
  static let invalidEmailRejected = PropertySpec(
    id: "F2", name: "Invalid email rejection", validates: ["1.2"], judges: [.credentials], killBudget: 500,
    generator: { _ in SignUpInput.generator(email: Gen.invalidEmail, password: Gen.password(length: 8...16))
    }, generatorVersion: 2,
    encode: \.json, decode: { json, _ in try SignUpInput(json: json, path: "input") },
    expect: { _ in .holds("creating an account with an invalid address fails with AuthError.invalidEmail") },
    observe: { signUp, system in
      switch signUp.request(system) {
      case .success(let request):
        return .broke(
          "\(SignUpInput.quoted(signUp.email)) was accepted, asking for the account of \(SignUpInput.quoted(request.email))"
        )
      case .failure(let error as AuthError) where error == .invalidEmail: return .holds
      case .failure(let error):
        return .broke(
          "\(SignUpInput.quoted(signUp.email)) was refused with \(ModelProperties.describe(error)), not invalidEmail"
        )
      }
    }
  ).erased
}
