/// The email rule that account creation and sign-in check before asking the auth service.
///
/// The email rule account creation and sign-in check before asking the auth service (seed 002,
/// requirement 1.2), decided with Firebase Auth as the reference (`docs/rules.md`, "Accounts").
///
/// An address is what is left once surrounding whitespace is trimmed: one `@` between a local part
/// and a domain. The local part is 1 to 64 ASCII characters, dot-separated atoms of letters,
/// digits and ``!#$%&'*+/=?^_`{|}~-`` (so a `+` tag is fine), with no leading, trailing or doubled
/// dot; no quoted local parts, no non-ASCII. The domain has at least two dot-separated labels, each
/// 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen, where a letter may be
/// any Unicode letter (an internationalised domain as typed; its `xn--` form is ASCII). At most 254
/// characters in all. Case is kept as typed: the auth service matches addresses without regard to
/// case.
public enum EmailAddress {
  /// The most characters an address may have (RFC 5321's path limit, less its brackets).
  public static let maximumLength = 254

  /// The lengths the rule bounds: the address, its local part (in bytes) and each domain label.
  package struct Limits: Sendable {
    package var address: Int
    package var localPart: Int
    package var label: Int

    /// The rule's limits: 254 characters in all, a local part of 64 bytes, labels of 63 characters.
    package static let rule = Limits(address: maximumLength, localPart: 64, label: 63)

    package init(address: Int, localPart: Int, label: Int) {
      (self.address, self.localPart, self.label) = (address, localPart, label)
    }
  }

  /// `text` with surrounding whitespace trimmed: what account creation sends.
  ///
  /// - Throws: `AuthError.invalidEmail` when the trimmed text breaks the rule.
  public static func checked(_ text: String) throws(AuthError) -> String {
    let address = trimmed(text)
    guard isValid(address) else { throw .invalidEmail }
    return address
  }

  /// Whether `address` (already trimmed) follows the rule.
  ///
  /// `limits` are the rule's; a mutant passes others.
  package static func isValid(_ address: String, limits: Limits = .rule) -> Bool {
    guard address.count <= limits.address else { return false }
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    return isLocalPart(parts[0], most: limits.localPart) && isDomain(parts[1], longestLabel: limits.label)
  }

  /// Surrounding spaces, tabs and line breaks removed.
  package static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }

  static func isLocalPart(_ local: Substring, most: Int) -> Bool {
    guard (1...most).contains(local.utf8.count) else { return false }
    return local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { atom in
      !atom.isEmpty && atom.unicodeScalars.allSatisfy(isAtomScalar)
    }
  }

  static func isAtomScalar(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else { return false }
    let value = scalar.value
    if (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) {
      return true
    }
    return "!#$%&'*+/=?^_`{|}~-".unicodeScalars.contains(scalar)
  }

  static func isDomain(_ domain: Substring, longestLabel: Int) -> Bool {
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2 else { return false }
    return labels.allSatisfy { label in
      guard (1...longestLabel).contains(label.count), label.first != "-", label.last != "-" else {
        return false
      }
      return label.unicodeScalars.allSatisfy { scalar in
        scalar == "-" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
          || scalar.properties.generalCategory == .nonspacingMark
          || scalar.properties.generalCategory == .spacingMark
      }
    }
  }
}
