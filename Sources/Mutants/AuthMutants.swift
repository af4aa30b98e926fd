import CountMeContract
import CountMeCore

/// One bug in a device's authentication; everything else is the reference (`AuthSession`).
struct AuthMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A new account is created but not signed in: the app shows the sign-in screen.
    case signUpNeedsSignIn
    /// The address goes to the service as typed, spaces around it included.
    case signInSendsUntrimmedAddress
    /// An unknown address is answered "no account found", telling which addresses have accounts.
    case revealsUnknownAccount
    /// The session is kept in memory only: a launch starts signed out.
    case sessionNotStored
    /// Signing out clears the credentials but leaves the state signed in.
    case signOutKeepsState
    /// Signing out clears the token in memory but leaves the session in the credential store.
    case signOutKeepsStoredSession
    /// `loading` is never published: a UI never shows that it waits.
    case loadingNotPublished
    /// A token refresh that meets a network error signs the user out: offline, the app logs out.
    case networkErrorEndsSession
    /// A token refresh the service refuses is ignored: a revoked session stays signed in.
    case revokedSessionKept
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeAuth(restoring stored: AuthGrant?) -> any AuthUnderTest {
    MutantAuth(bug: bug, base: AuthSession(restoring: stored))
  }
}

/// CountMeCore's `AuthSession` with one bug laid over it.
struct MutantAuth: AuthUnderTest {
  let bug: AuthMutant.Bug
  var base: AuthSession
  /// The state shown instead of the base's, while a bug holds it.
  private var shownState: AuthState?
  /// The session left in the credential store by a sign-out that forgot it.
  private var leftInStore: AuthGrant?
  private var signingUp = false
  private var refreshing = false

  init(bug: AuthMutant.Bug, base: AuthSession) {
    self.bug = bug
    self.base = base
  }

  var state: AuthState { shownState ?? base.state }
  var published: [AuthState] {
    var published = base.published
    // The sign-out's change, never published while the bug shows the state before it.
    if shownState != nil { published.removeLast() }
    return bug == .loadingNotPublished ? published.filter { $0 != .loading } : published
  }
  var stored: AuthGrant? { bug == .sessionNotStored ? nil : leftInStore ?? base.stored }
  var token: String? { base.token }

  mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError> {
    signingUp = true
    refreshing = false
    return base.createAccount(email: email, password: password)
  }

  mutating func signIn(email: String, password: String) -> AuthRequest {
    signingUp = false
    refreshing = false
    let request = base.signIn(email: email, password: password)
    return bug == .signInSendsUntrimmedAddress ? .signIn(email: email, password: password) : request
  }

  mutating func refresh() -> AuthRequest? {
    signingUp = false
    let request = base.refresh()
    refreshing = request != nil
    return request
  }

  mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError? {
    if refreshing {
      refreshing = false
      if bug == .networkErrorEndsSession, case .failure(.networkError) = result {
        return base.answered(.failure(.invalidCredentials))
      }
      if bug == .revokedSessionKept, case .failure(let error) = result, error != .networkError {
        return base.answered(.failure(.networkError))
      }
      return base.answered(result)
    }
    shownState = nil
    leftInStore = nil
    if bug == .signUpNeedsSignIn, signingUp, case .success = result {
      _ = base.answered(.failure(.networkError))
      return nil
    }
    if bug == .revealsUnknownAccount, case .failure(.userNotFound) = result {
      _ = base.answered(result)
      return .userNotFound
    }
    return base.answered(result)
  }

  mutating func signOut() {
    let before = base.state, session = base.stored
    base.signOut()
    if bug == .signOutKeepsState { shownState = before }
    if bug == .signOutKeepsStoredSession { leftInStore = session }
  }
}
