import CountMeCore

/// The auth service in memory, for the account properties: accounts by address, matched without
/// regard to case (as Firebase Auth matches them), each with its password and a user id numbered in
/// order of creation, `user-1`, `user-2`, …; each grant a new token, `token-1`, `token-2`, …
///
/// It checks nothing of an address's form: that is the client's rule, which F2 judges. Like
/// Firebase Auth without email-enumeration protection, it tells an unknown address
/// (`userNotFound`) from a wrong password (`invalidCredentials`): the client must not (F6).
public struct AuthFake: Sendable {
  private var accounts: [String: (user: AuthUser, password: String)] = [:]
  private var created = 0
  private var granted = 0

  /// No accounts.
  public init() {}

  /// The account `request` asks for, as a new user, signed in; `emailAlreadyInUse` when an account
  /// has its address.
  public mutating func createAccount(_ request: SignUpRequest) -> Result<AuthGrant, AuthError> {
    let key = request.email.lowercased()
    guard accounts[key] == nil else { return .failure(.emailAlreadyInUse) }
    created += 1
    let user = AuthUser(uid: "user-\(created)", email: request.email)
    accounts[key] = (user, request.password)
    return .success(grant(user))
  }

  /// The account of `email` when `password` is its password.
  public mutating func signIn(email: String, password: String) -> Result<AuthGrant, AuthError> {
    guard let account = accounts[email.lowercased()] else { return .failure(.userNotFound) }
    guard account.password == password else { return .failure(.invalidCredentials) }
    return .success(grant(account.user))
  }

  /// What `request` gets.
  public mutating func answer(_ request: AuthRequest) -> Result<AuthGrant, AuthError> {
    switch request {
    case .signUp(let signUp): return createAccount(signUp)
    case .signIn(let email, let password): return signIn(email: email, password: password)
    }
  }

  private mutating func grant(_ user: AuthUser) -> AuthGrant {
    granted += 1
    return AuthGrant(user: user, token: "token-\(granted)")
  }
}
