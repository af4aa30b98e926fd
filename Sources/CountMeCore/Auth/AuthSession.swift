/// Where a device's authentication stands (seed 002's `AuthenticationState`).
public enum AuthState: Equatable, Sendable, CustomStringConvertible {
  /// Waiting: the launch is restoring a session, or the auth service has not answered yet.
  case loading
  case unauthenticated
  case authenticated(AuthUser)

  /// "authenticated as user-2", "unauthenticated", "loading".
  public var description: String {
    switch self {
    case .loading: return "loading"
    case .unauthenticated: return "unauthenticated"
    case .authenticated(let user): return "authenticated as \(user.uid)"
    }
  }
}

/// What the auth service grants a signed-in device: the user and a session token.
public struct AuthGrant: Equatable, Sendable, Codable {
  /// Who is signed in.
  public let user: AuthUser
  /// The token that signs the device's requests in as `user`.
  public let token: String

  /// Creates an `AuthGrant` from its parts.
  public init(user: AuthUser, token: String) {
    self.user = user
    self.token = token
  }
}

/// What a device asks the auth service for.
public enum AuthRequest: Equatable, Sendable {
  /// A new account, signed in at once.
  case signUp(SignUpRequest)
  /// The account of `email`, with its password.
  case signIn(email: String, password: String)
  /// A new token for the session `token` signs in, while the account still grants it.
  case refresh(token: String)
  /// The session `token` signs in, its user signing in again with `password`: a recent sign-in.
  ///
  /// The session `token` signs in, its user signing in again with `password` (Firebase's
  /// `reauthenticate`): a new token whose sign-in is recent, as a sensitive operation such as an
  /// account deletion needs.
  case reauthenticate(token: String, password: String)
}

/// A device's authentication as a sans-IO state machine.
///
/// A device's authentication as a state machine, sans-IO: the app's calls come in, the requests
/// for the auth service go out, and the service's answers come back (`answered`).
///
/// Every change of state is published, in order (`published`, what a UI observing it would see).
///
/// - A launch restores the session the credential store holds (`init(restoring:)`), else starts
///   signed out.
/// - Creating an account or signing in goes through `loading` to `authenticated` when the service
///   grants it (an account just created is signed in at once, with no second call), or back to
///   `unauthenticated`, with the error to show: an unknown account and a wrong password alike are
///   `invalidCredentials` (`docs/rules.md`, "Accounts").
/// - Signing out ends the session and clears the token from memory and the credential store.
/// - A signed-in device refreshes its token now and then (`refresh`), silently: a new token is
///   kept and stored; a network error or a throttled call (`tooManyRequests`) changes nothing (an
///   offline-first app stays signed in while offline); any other refusal (the session was revoked:
///   a password changed, the account deleted) ends the session as a sign-out does, showing
///   `invalidCredentials`.
public struct AuthSession: Sendable {
  /// Where it stands now.
  public private(set) var state: AuthState
  /// Every state it has been in since the launch, in order, each change once.
  public private(set) var published: [AuthState] = []
  /// What the credential store holds: the grant of the session to restore at the next launch.
  public private(set) var stored: AuthGrant?
  /// The session token held in memory while signed in.
  public private(set) var token: String?
  /// The error message the app shows now (seed 002's `errorMessage`): the error's own words.
  ///
  /// The error message the app shows now (seed 002's `errorMessage`), in the error's own words
  /// (`AuthError.errorDescription`): set by a refusal or a failed answer, cleared by a new attempt,
  /// a granted one and a sign-out; a refresh changes it only when it ends the session.
  public private(set) var errorMessage: String?
  /// Whether the request in flight is a token refresh.
  private var refreshing = false
  /// Whether the request in flight signs the session's user in again.
  private var reauthenticating = false

  /// A launch: the session `stored` holds (from the credential store), or none.
  public init(restoring stored: AuthGrant?) {
    state = .loading
    published = [.loading]
    self.stored = stored
    token = stored?.token
    publish(stored.map { .authenticated($0.user) } ?? .unauthenticated)
  }

  /// The request that creates an account of `email` with `password`, or the rule's error.
  ///
  /// The request creating an account of `email` with `password` sends, once they pass their rules
  /// (the state is then `loading`); the rule's error, changing nothing, when they do not.
  public mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError> {
    do {
      let request = try SignUpRequest.checked(email: email, password: password)
      (refreshing, reauthenticating) = (false, false)
      errorMessage = nil
      publish(.loading)
      return .success(.signUp(request))
    } catch {
      return .failure(showing(error))
    }
  }

  /// The request signing in as `email` with `password` sends (the address trimmed; the state is
  /// then `loading`).
  ///
  /// An address that breaks the email rule has no account, and the service says so.
  public mutating func signIn(email: String, password: String) -> AuthRequest {
    (refreshing, reauthenticating) = (false, false)
    errorMessage = nil
    publish(.loading)
    return .signIn(email: EmailAddress.trimmed(email), password: password)
  }

  /// The request refreshing the session's token; nil when signed out.
  public mutating func refresh() -> AuthRequest? {
    guard case .authenticated = state, let token else { return nil }
    (refreshing, reauthenticating) = (true, false)
    return .refresh(token: token)
  }

  /// The request signing the session's user in again with `password`; nil when signed out.
  ///
  /// The request signing the session's user in again with `password` (the session goes on while it
  /// is asked: no `loading`); nil when signed out.
  public mutating func reauthenticate(password: String) -> AuthRequest? {
    guard case .authenticated = state, let token else { return nil }
    (refreshing, reauthenticating) = (false, true)
    return .reauthenticate(token: token, password: password)
  }

  /// Takes in how the service answered the request in flight, and returns the error to show.
  ///
  /// How the service answered the request in flight: signed in and stored, or signed out with the
  /// error to show; for a token refresh, the new token kept, or the session ended once revoked
  /// (nothing shown while it goes on, a network error included); for a re-authentication, the new
  /// token kept, or the session as it was and the error to show.
  @discardableResult
  public mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError? {
    if reauthenticating {
      reauthenticating = false
      switch result {
      case .success(let grant) where state == .authenticated(grant.user):
        stored = grant
        token = grant.token
        return nil
      case .success: return showing(.invalidCredentials)
      case .failure(let error): return showing(error == .userNotFound ? .invalidCredentials : error)
      }
    }
    if refreshing {
      refreshing = false
      switch result {
      case .success(let grant):
        stored = grant
        token = grant.token
        return nil
      // A network error or a throttled refresh says nothing of the session: it stays.
      case .failure(let error) where error.isTransient: return nil
      case .failure:
        signOut()
        return showing(.invalidCredentials)
      }
    }
    switch result {
    case .success(let grant):
      stored = grant
      token = grant.token
      errorMessage = nil
      publish(.authenticated(grant.user))
      return nil
    case .failure(let error):
      publish(.unauthenticated)
      return showing(error == .userNotFound ? .invalidCredentials : error)
    }
  }

  /// `error`, its message now shown.
  private mutating func showing(_ error: AuthError) -> AuthError {
    errorMessage = error.errorDescription
    return error
  }

  /// Signs out: the session ends, and its token leaves memory and the credential store.
  public mutating func signOut() {
    (refreshing, reauthenticating) = (false, false)
    stored = nil
    token = nil
    errorMessage = nil
    publish(.unauthenticated)
  }

  /// Moves to `next`, publishing it when it is a change.
  private mutating func publish(_ next: AuthState) {
    guard published.last != next else { return }
    state = next
    published.append(next)
  }
}
