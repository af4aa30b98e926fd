/// Decides whether a string has anything a person would see.
///
/// NB: the requirements say "empty or whitespace-only"; DESIGN.md widens that to "no visible
/// character". A scalar is invisible when it is white space (which covers U+00A0, U+2028, U+3000),
/// a control character, a format character (U+200B, U+FEFF, U+200E…), or a default-ignorable code
/// point (variation selectors, U+3164 HANGUL FILLER). A lone combining mark is visible: it renders
/// on a dotted circle.
enum VisibleText {
  /// True when `text` has at least one visible scalar.
  static func hasVisibleCharacter(_ text: String) -> Bool {
    text.unicodeScalars.contains { !isInvisible($0) }
  }

  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
    default: return false
    }
  }
}
