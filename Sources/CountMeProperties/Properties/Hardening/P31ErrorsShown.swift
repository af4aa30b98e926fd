import CountMeCore
import CountMeWorlds
import PropertyHarness

extension Hardening {
  /// Property 31 (ours): every sign-up and sign-in that ends in an error shows it, in seed 002's words.
  ///
  /// Property 31 (ours), from seed 002's error handling ("display user-friendly error messages in
  /// UI", `FirebaseAuthService.errorMessage`, and each `AuthError`'s `errorDescription`). The
  /// oracle, written out, in F4–F7's scenarios, which now and then mistype a sign-up:
  /// - a sign-up typed with an address without `@` is refused before the service is asked with
  ///   `invalidEmail`, one with a six-character password with `weakPassword`;
  /// - once a sign-up or a sign-in ends, the message on screen (`errorMessage`) is the words seed 002
  ///   gives the error the device says it shows, written out below; an error the seed has no words
  ///   for (`requiresRecentLogin`, `tooManyRequests`, `unknown`) shows some message; no error, no
  ///   message (a granted call clears the last one).
  static let errorsShown = Firebase.authProperty(
    "P31", "Every failed sign-up and sign-in shows its error", validates: ["1.2", "1.3", "2.2"],
    expect: "a mistyped sign-up is refused with its rule's error, and every error shown has its message "
      + "on screen, in seed 002's words"
  ) { run in
    for case .signUpMistyped(let step, let account, let mistake, let refusedWith) in run.events {
      let due: AuthError = mistake == .invalidEmail ? .invalidEmail : .weakPassword
      if refusedWith != due {
        return "step \(step): creating account \(account) typed with \(mistake.rawValue) was "
          + (refusedWith.map { "refused with \($0)" } ?? "sent to the service") + ", not refused with \(due)"
      }
    }
    for shown in run.shown {
      let due = shown.error.map { seedWords[$0] ?? "some message" } ?? "no message"
      let right =
        switch shown.error {
        case nil: shown.message == nil
        case let error?: seedWords[error].map { shown.message == $0 } ?? !(shown.message ?? "").isEmpty
        }
      if !right {
        return "step \(shown.step): \(shown.attempt) ended showing \(shown.error.text) with "
          + (shown.message.map { "the message \"\($0)\"" } ?? "no message") + ", not \(due)"
      }
    }
    return nil
  }

  /// Seed 002's words for each of its `AuthError`s (its `errorDescription`), written out.
  static let seedWords: [AuthError: String] = [
    .invalidEmail: "Please enter a valid email address",
    .weakPassword: "Password must be at least 8 characters",
    .emailAlreadyInUse: "This email is already registered",
    .invalidCredentials: "Invalid email or password",
    .networkError: "Network error. Please check your connection",
    .userNotFound: "No account found with this email",
    .accountDeletionFailed: "Failed to delete account. Please try again",
  ]
}
