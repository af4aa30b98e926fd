import CountMeCore

/// A device's authentication, as F4–F7, F9, F10 and F32 drive it: the interface of CountMeCore's
/// `AuthSession`, sans-IO.
///
/// The app's calls come in; a request for the auth service goes out; the harness asks its `AuthFake` and
/// hands the answer back.
public protocol AuthUnderTest: Sendable {
  /// Where it stands now.
  var state: AuthState { get }
  /// Every state it has been in since its launch, in order, each change once.
  var published: [AuthState] { get }
  /// What its credential store holds: the grant the next launch restores.
  var stored: AuthGrant? { get }
  /// The session token it holds in memory.
  var token: String? { get }
  /// The error message the app shows now (seed 002's `errorMessage`); nil when it shows none.
  ///
  /// The error message the app shows now, as seed 002's `FirebaseAuthService` publishes it
  /// (`errorMessage`); nil when it shows none. P31 judges it against the error the device says it
  /// shows, in seed 002's words.
  var errorMessage: String? { get }
  /// The request creating an account sends, or the error it answers without asking.
  mutating func createAccount(email: String, password: String) -> Result<AuthRequest, AuthError>
  /// The request signing in sends.
  mutating func signIn(email: String, password: String) -> AuthRequest
  /// The request refreshing the session's token; nil when signed out.
  mutating func refresh() -> AuthRequest?
  /// How the service answered the request in flight; the error to show, nil when none.
  mutating func answered(_ result: Result<AuthGrant, AuthError>) -> AuthError?
  /// Signs out.
  mutating func signOut()
}

extension AuthSession: AuthUnderTest {}

/// A device's authentication: judged by F4–F7, F9, F10 and F32.
public protocol AuthLayer: SystemUnderTest {
  /// A launch of the device whose credential store holds `stored` (nil: nothing).
  func makeAuth(restoring stored: AuthGrant?) -> any AuthUnderTest
}
