import CountMeContract
import CountMeCore

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
      if bug == .throttledRefreshSignsOut, case .failure(.tooManyRequests) = result {
        return base.answered(.failure(.invalidCredentials))
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
    if bug == .unlistedErrorShownAsWrongPassword, case .failure(.tooManyRequests) = result {
      _ = base.answered(result)
      return .invalidCredentials
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
