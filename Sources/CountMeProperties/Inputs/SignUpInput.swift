import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

/// One sign-up as a person types it: an email and a password (F1–F3's inputs).
struct SignUpInput: Sendable, Equatable {
  let email: String
  let password: String

  var json: JSON { .object([("email", .string(email)), ("password", .string(password))]) }

  init(email: String, password: String) {
    self.email = email
    self.password = password
  }

  /// Reads `json`'s form; throws naming the path of a problem.
  init(json: JSON, path: String) throws {
    let r = try JSONReader(json, path: path)
    self.init(email: try r.string("email"), password: try r.string("password"))
  }

  /// A sign-up of a generated email and password, with both their tags.
  static func generator(email: Generator<Tagged<String>>, password: Generator<Tagged<String>>)
    -> Generator<Tagged<SignUpInput>>
  {
    Gen.zip(email, password).map { email, password in
      Tagged(SignUpInput(email: email.value, password: password.value), tags: email.tags + password.tags)
    }
  }

  /// What the system under test asked the auth service for, or the error it answered with.
  func request(_ system: SystemLayers) -> Result<SignUpRequest, any Error> {
    Result { try system.credentials.signUpRequest(email: email, password: password) }
  }

  /// The address as the rule reads it: surrounding whitespace (Unicode's) trimmed, nothing else.
  var trimmedEmail: String { email.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// `text` in quotes, with its escapes shown (surrounding whitespace is what some cases are about).
  static func quoted(_ text: String) -> String { JSON.string(text).text() }
}
