import CountMeCore

/// The credential rules account creation checks before it asks the auth service (seed 002,
/// requirements 1.1–1.3): judged by F1, F2 and F3.
public protocol CredentialsLayer: SystemUnderTest {
  /// What account creation sends the auth service for `email` and `password`, or the error it answers without asking.
  ///
  /// What account creation sends the auth service for `email` and `password` as typed; throws the
  /// `AuthError` it answers without asking (`invalidEmail`, `weakPassword`).
  func signUpRequest(email: String, password: String) throws -> SignUpRequest
}
