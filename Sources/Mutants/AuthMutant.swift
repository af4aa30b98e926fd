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
    /// A token refresh the service throttles (`tooManyRequests`) signs the user out, as a revoked one.
    case throttledRefreshSignsOut
    /// An answer outside seed 002's list (`tooManyRequests`) is shown as `invalidCredentials`.
    ///
    /// An answer outside seed 002's list (`tooManyRequests`) is shown as `invalidCredentials`, the
    /// app's catch-all: "Invalid email or password" to a person who typed both right.
    case unlistedErrorShownAsWrongPassword
    /// A sign-up the credential rules refuse shows no message: the app's silent failure.
    case refusalNotShown
    /// A granted sign-in or sign-up leaves the last error's message on screen.
    case messageKeptAfterSuccess
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func makeAuth(restoring stored: AuthGrant?) -> any AuthUnderTest {
    MutantAuth(bug: bug, base: AuthSession(restoring: stored))
  }
}
