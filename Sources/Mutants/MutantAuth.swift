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
  var errorMessage: String? { hidesMessage ? nil : keptMessage ?? base.errorMessage }
  /// Whether a refused sign-up's message is hidden, until the next call.
  private var hidesMessage = false
  /// A message left on screen after a granted call, until the next attempt.
  private var keptMessage: String?

  mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError> {
    signingUp = true
    refreshing = false
    let before = base.errorMessage
    let result = base.createAccount(email: email, password: password)
    switch result {
    case .success:
      hidesMessage = false
      keptMessage = bug == .messageKeptAfterSuccess ? before : nil
    case .failure:
      hidesMessage = bug == .refusalNotShown
      keptMessage = nil
    }
    return result
  }

  mutating func signIn(email: String, password: String) -> AuthRequest {
    signingUp = false
    refreshing = false
    hidesMessage = false
    keptMessage = bug == .messageKeptAfterSuccess ? base.errorMessage : nil
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
    if case .failure = result { keptMessage = nil }
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
