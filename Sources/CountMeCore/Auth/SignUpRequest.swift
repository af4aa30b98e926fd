/// What account creation asks the auth service for, once the credentials pass their rules.
public struct SignUpRequest: Equatable, Sendable {
  /// The address, trimmed (`EmailAddress.checked`).
  public let email: String
  /// The password, as typed.
  public let password: String

  /// A request as given, unchecked: what an adapter reports its app sends.
  public init(email: String, password: String) {
    self.email = email
    self.password = password
  }

  /// The request for `email` and `password` as typed, once they pass their rules, the email checked
  /// first (as the form reads).
  ///
  /// - Throws: `AuthError.invalidEmail`, or `AuthError.weakPassword`.
  public static func checked(email: String, password: String) throws(AuthError) -> SignUpRequest {
    let address = try EmailAddress.checked(email)
    try Password.check(password)
    return SignUpRequest(email: address, password: password)
  }
}

/// An account as the auth service knows it: its user id and its address.
public struct AuthUser: Equatable, Sendable, Codable {
  /// The unique user id the service gave it.
  public let uid: String
  /// Its address, as the service keeps it.
  public let email: String

  /// Creates an `AuthUser` from its parts.
  public init(uid: String, email: String) {
    self.uid = uid
    self.email = email
  }
}
