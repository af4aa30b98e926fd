import Foundation

/// Why an account operation failed, as seed 002 lists the cases.
///
/// Sign-in answers `invalidCredentials` for an unknown email and for a wrong password alike (seed
/// 002's property 6): telling them apart tells anyone which emails have accounts, and Firebase's
/// email-enumeration protection answers both the same way. `userNotFound` stays for parity with
/// the seed's list; CountMeCore's credential rules never answer it.
///
/// `requiresRecentLogin` is ours, beyond the seed's list: Firebase Auth refuses to delete an
/// account whose sign-in is not recent (`docs/rules.md`, "Accounts"). So are `tooManyRequests`,
/// which the service answers when it throttles, and `unknown`, an app's catch-all for an answer it
/// has no case for.
public enum AuthError: Error, Equatable, Sendable, LocalizedError {
  case invalidEmail
  case weakPassword
  case emailAlreadyInUse
  case invalidCredentials
  case networkError
  case userNotFound
  case accountDeletionFailed
  /// The auth service refused a sensitive operation: the sign-in is not recent enough.
  case requiresRecentLogin
  /// The auth service refused the call for now (Firebase Auth's `tooManyRequests`).
  ///
  /// The auth service refused the call for now, after unusual activity: it says nothing of the
  /// credentials, and a later call may pass.
  case tooManyRequests
  /// What an app shows for an error it has no case of its own for: the catch-all of an app's mapping.
  case unknown

  /// Whether the answer says nothing of the credentials or the session: a network error, a throttled call.
  ///
  /// A later call may pass; a session is kept through it (offline-first), and a pass or a deletion
  /// that met it stops, to be tried again.
  public var isTransient: Bool { self == .networkError || self == .tooManyRequests }

  /// The seed's message for each case.
  public var errorDescription: String? {
    switch self {
    case .invalidEmail: return "Please enter a valid email address"
    case .weakPassword: return "Password must be at least 8 characters"
    case .emailAlreadyInUse: return "This email is already registered"
    case .invalidCredentials: return "Invalid email or password"
    case .networkError: return "Network error. Please check your connection"
    case .userNotFound: return "No account found with this email"
    case .accountDeletionFailed: return "Failed to delete account. Please try again"
    case .requiresRecentLogin: return "Please sign in again to continue"
    case .tooManyRequests: return "Too many attempts. Please try again later"
    case .unknown: return "Something went wrong. Please try again"
    }
  }
}
