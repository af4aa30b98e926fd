import CountMeCore

/// The auth service in memory, for the account properties: accounts by address, matched without
/// regard to case (as Firebase Auth matches them), each with a user id numbered in order of
/// creation, `user-1`, `user-2`, …
///
/// It checks nothing of an address's form: that is the client's rule, which F2 judges.
public struct AuthFake: Sendable {
  private var accounts: [String: AuthUser] = [:]
  private var created = 0

  /// No accounts.
  public init() {}

  /// The account `request` asks for, as a new user; `emailAlreadyInUse` when an account has its
  /// address.
  public mutating func createAccount(_ request: SignUpRequest) -> Result<AuthUser, AuthError> {
    let key = request.email.lowercased()
    guard accounts[key] == nil else { return .failure(.emailAlreadyInUse) }
    created += 1
    let user = AuthUser(uid: "user-\(created)", email: request.email)
    accounts[key] = user
    return .success(user)
  }
}
