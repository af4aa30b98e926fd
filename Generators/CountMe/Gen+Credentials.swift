import Generators

/// Email addresses and passwords for the account properties, each tagged with what it is.
///
/// Email addresses and passwords for the account properties (F1–F3), each tagged with what it is:
/// the valid ones as people type them, the invalid ones each breaking one rule of the email rule
/// (`docs/rules.md`, "Accounts"), and passwords counted in characters a person sees.
extension Gen {
  /// Letters and digits of an atom or a label; shrinks toward `a`.
  static let alphanumeric = element(of: Array("abcdefghijklmnopqrstuvwxyz0123456789"))

  /// One dot-free atom of a local part: mostly letters and digits, sometimes a special the rule
  /// allows.
  static let atom: Generator<String> = frequency([
    (6, string(of: alphanumeric, count: 1...8, averageExtra: 3)),
    (
      1,
      zip(string(of: alphanumeric, count: 1...4), element(of: Array("_-'!#$%&*/=?^`{|}~")))
        .map { $0 + String($1) }
    ),
  ])

  /// A domain label: letters, digits and an inner hyphen, or an internationalised label as typed.
  static let label: Generator<String> = frequency([
    (6, string(of: alphanumeric, count: 1...10, averageExtra: 3)),
    (
      1,
      zip(string(of: alphanumeric, count: 1...4), string(of: alphanumeric, count: 1...4)).map {
        "\($0)-\($1)"
      }
    ),
    (1, element(of: ["bücher", "münchen", "пример", "例え", "xn--bcher-kva", "ελλάδα"])),
  ])

  /// The parts of a valid address, and the tags of what it shows.
  struct EmailParts {
    var atoms: [String]
    var tag: String?
    var labels: [String]
    var upperCase = false
    var surrounding = ("", "")

    var local: String { atoms.joined(separator: ".") + (tag.map { "+\($0)" } ?? "") }
    var domain: String { labels.joined(separator: ".") }
    var address: String {
      let plain = "\(local)@\(domain)"
      return surrounding.0 + (upperCase ? plain.uppercased() : plain) + surrounding.1
    }
    var tags: [String] {
      var tags = ["Email.valid"]
      if tag != nil { tags.append("Email.valid.plusTag") }
      if atoms.count > 1 { tags.append("Email.valid.dottedLocal") }
      if upperCase { tags.append("Email.valid.upperCase") }
      if surrounding != ("", "") { tags.append("Email.valid.surroundingWhitespace") }
      if labels.contains(where: { $0.unicodeScalars.contains { !$0.isASCII } }) {
        tags.append("Email.valid.idn")
      }
      return tags
    }
  }

  static let emailParts: Generator<EmailParts> = Generator { source in
    var parts = EmailParts(
      atoms: try source.draw(array(of: atom, count: 1...3, averageExtra: 0.5)),
      tag: try source.draw(optional(string(of: alphanumeric, count: 1...6), nilProbability: 0.7)),
      labels: try source.draw(array(of: label, count: 1...2, averageExtra: 0.3))
        + [try source.draw(element(of: ["com", "org", "de", "io", "uk", "xn--p1ai", "co"]))])
    parts.upperCase = try source.draw(bool(probability: 0.15))
    if try source.draw(bool(probability: 0.15)) {
      let space = element(of: ["", " ", "  ", "\t", "\n", " \n"])
      parts.surrounding = (try source.draw(space), try source.draw(space))
    }
    return parts
  }

  /// Valid addresses as a person types them, shrinking toward `a@a.com`.
  ///
  /// Valid addresses as a person types them: `+` tags, dotted local parts, upper case, surrounding
  /// whitespace, internationalised domains; shrinking toward `a@a.com`.
  package static let validEmail: Generator<Tagged<String>> = emailParts.map {
    Tagged($0.address, tags: $0.tags)
  }

  /// A domain of exactly `length` characters: labels of `x` at most 63 long, then `.com`.
  ///
  /// A domain of exactly `length` characters (at least 5): labels of `x`, each at most 63 long,
  /// then `.com`; what pads an address to the rule's length limit and one past it.
  static func domain(length: Int) -> String {
    var labels: [String] = []
    var left = length - 4
    while left > 0 {
      var label = min(63, left)
      if left - label == 1 { label -= 1 }
      labels.append(String(repeating: "x", count: label))
      left -= label + 1
    }
    return (labels + ["com"]).joined(separator: ".")
  }

  /// Valid addresses at the email rule's length limits, each tagged with the limit it reaches.
  ///
  /// Valid addresses at the email rule's length limits: a local part of 64 characters, a domain
  /// label of 63, an address of 254 in all (tags `Email.valid.longest…`); F2's `localTooLong`,
  /// `labelTooLong` and `tooLongByOne` are each one character past them.
  package static let longestEmail: Generator<Tagged<String>> = zip(
    int(in: 0...2, shrinkingToward: 0), emailParts
  ).map { shape, parts in
    switch shape {
    case 0:
      return Tagged(
        "\(String(repeating: "a", count: 64))@\(parts.domain)", tags: ["Email.valid.longestLocalPart"])
    case 1:
      return Tagged(
        "\(parts.local)@\(String(repeating: "a", count: 63)).\(parts.domain)",
        tags: ["Email.valid.longestLabel"])
    default:
      return Tagged(
        "\(parts.local)@\(domain(length: 253 - parts.local.count))", tags: ["Email.valid.longestAddress"])
    }
  }

  /// Each way the email rule can be broken, with the address breaking it made from valid parts.
  static let emailBreaks: [(rule: String, breaking: @Sendable (EmailParts) -> String)] = [
    ("noAt", { "\($0.local)\($0.domain)" }),
    ("twoAts", { "\($0.local)@\($0.local)@\($0.domain)" }),
    ("emptyLocal", { "@\($0.domain)" }),
    ("emptyDomain", { "\($0.local)@" }),
    ("dotlessDomain", { "\($0.local)@\($0.labels[0])" }),
    ("leadingDotInLocal", { ".\($0.local)@\($0.domain)" }),
    ("trailingDotInLocal", { "\($0.local).@\($0.domain)" }),
    ("doubledDotInLocal", { "\($0.atoms[0])..\($0.local)@\($0.domain)" }),
    ("leadingDotInDomain", { "\($0.local)@.\($0.domain)" }),
    ("trailingDotInDomain", { "\($0.local)@\($0.domain)." }),
    ("doubledDotInDomain", { "\($0.local)@\($0.labels[0])..\($0.domain)" }),
    ("innerSpace", { "\($0.atoms[0]) \($0.local)@\($0.domain)" }),
    ("quotedLocal", { "\"\($0.local)\"@\($0.domain)" }),
    ("nonASCIILocal", { "\($0.local)é@\($0.domain)" }),
    ("forbiddenCharacter", { "\($0.local)(x)@\($0.domain)" }),
    ("hyphenStartsLabel", { "\($0.local)@-\($0.domain)" }),
    ("hyphenEndsLabel", { "\($0.local)@\($0.labels[0])-.\($0.domain)" }),
    ("labelTooLong", { "\($0.local)@\(String(repeating: "a", count: 64)).\($0.domain)" }),
    ("localTooLong", { "\(String(repeating: "a", count: 65))@\($0.domain)" }),
    ("tooLong", { "\($0.local)@\(String(repeating: "abcdefghi.", count: 25))\($0.domain)" }),
    ("tooLongByOne", { "\($0.local)@\(domain(length: 254 - $0.local.count))" }),
    ("empty", { _ in "" }),
    ("whitespaceOnly", { $0.surrounding.0 + " \t" + $0.surrounding.1 }),
  ]

  /// Invalid addresses, each breaking one rule (tag `Email.invalid.<rule>`); shrinking toward the
  /// first rule, a missing `@`.
  package static let invalidEmail: Generator<Tagged<String>> = zip(
    int(in: 0...(emailBreaks.count - 1), shrinkingToward: 0), emailParts
  ).map { index, parts in
    let (rule, breaking) = emailBreaks[index]
    return Tagged(breaking(parts), tags: ["Email.invalid.\(rule)"])
  }

  /// Characters a person sees as one, taking 1 to 8 UTF-16 units.
  ///
  /// Letters, digits, punctuation, a space, é precomposed and decomposed, CJK, an emoji, a flag, a family
  /// joined by ZWJs.
  static let passwordCharacters: [Character] = [
    "a", "Z", "7", "!", " ", "é", "e\u{301}", "中", "👍", "🇫🇷", "👨‍👩‍👧",
  ]

  /// Passwords of `length` characters (grapheme clusters), shrinking toward `a`s.
  ///
  /// Tagged `Password.<length class>` and, when its UTF-16 count lands on the other side of 8,
  /// `Password.utf16Disagrees`.
  package static func password(length: ClosedRange<Int>) -> Generator<Tagged<String>> {
    string(of: element(of: passwordCharacters), count: length, averageExtra: 7).map { password in
      var tags = [password.count < 8 ? "Password.short" : "Password.long"]
      if (password.utf16.count < 8) != (password.count < 8) { tags.append("Password.utf16Disagrees") }
      return Tagged(password, tags: tags)
    }
  }
}
