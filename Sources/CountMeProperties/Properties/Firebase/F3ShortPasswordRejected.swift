import CountMeContract
import CountMeCore
import CountMeGenerators
import Generators
import PropertyHarness

extension Firebase {
  /// Property 3: a password shorter than 8 characters fails account creation.
  ///
  /// Property 3: for any password shorter than 8 characters, creating an account fails with a weak
  /// password error; one of 8 or more goes to the auth service as typed.
  ///
  /// The oracle: the length is what a person sees, grapheme clusters (`String.count`), whatever its
  /// UTF-16 units or bytes (an emoji family is one character, `e` with a combining accent is one);
  /// the address beside it is valid, so a short password's only right answer is
  /// `AuthError.weakPassword`.
  static let shortPasswordRejected = PropertySpec(
    id: "F3", name: "Short password rejection", validates: ["1.3"], judges: [.credentials], killBudget: 500,
    generator: { _ in SignUpInput.generator(email: Gen.validEmail, password: Gen.password(length: 0...14)) },
    encode: \.json, decode: { json, _ in try SignUpInput(json: json, path: "input") },
    expect: { _ in
      .holds(
        "a password of fewer than 8 characters fails with AuthError.weakPassword; 8 or more goes as typed")
    },
    observe: { signUp, system in
      let characters = signUp.password.count
      let length =
        "\(characters) character\(characters == 1 ? "" : "s") (\(signUp.password.utf16.count) UTF-16 units)"
      let result = signUp.request(system)
      switch (characters < 8, result) {
      case (true, .failure(let error as AuthError)) where error == .weakPassword: return .holds
      case (false, .success(let request)) where request.password == signUp.password: return .holds
      case (_, .success(let request)):
        return .broke(
          "a password of \(length) was accepted"
            + (request.password == signUp.password ? "" : ", and changed"))
      case (_, .failure(let error)):
        return .broke(
          "a password of \(length), with the valid address \(SignUpInput.quoted(signUp.email)), was refused with "
            + ModelProperties.describe(error))
      }
    }
  ).erased
}
