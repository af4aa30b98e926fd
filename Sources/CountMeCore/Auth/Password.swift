/// The password rule account creation checks: at least 8 characters as a person counts them.
///
/// The password rule account creation checks (seed 002, requirement 1.3): at least 8 characters,
/// counted as a person sees them (grapheme clusters), not as UTF-16 units or bytes: an emoji, a
/// flag or a letter with its accent is one character however it is encoded.
///
/// Nothing is trimmed: a password is exactly what was typed.
public enum Password {
  /// The fewest characters a password may have.
  public static let minimumLength = 8

  /// - Throws: `AuthError.weakPassword` for fewer than `minimumLength` characters.
  public static func check(_ password: String) throws(AuthError) {
    guard password.count >= minimumLength else { throw .weakPassword }
  }
}
