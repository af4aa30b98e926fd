import CountMeContract
import CountMeCore
import Generators

/// One field of a model's document, with what it may hold: what the corruption generators break.
/// Each model's list is derived from its `ModelSchema`.
struct FieldSpec: Sendable {
  enum Kind: Sendable {
    case uuid
    /// Any string.
    case text
    /// A string with a visible character (names, units, owners, exercise types).
    case visibleText
    /// A number valid unless it breaks one of `rules` (with `max` for `aboveMax`).
    case number(rules: [ValidationRule], max: Double)
    /// A whole number (an integer, or a Double with no fraction) valid unless it breaks one of
    /// `rules` (with `max` for `aboveMax`).
    case integer(rules: [ValidationRule], max: Double)
    case timestamp
    /// A raw value of a closed enum (source, syncStatus).
    case enumeration
    case stringArray
    case ingredients
  }

  let name: String
  let kind: Kind
  let required: Bool

  init(_ name: String, _ kind: Kind, required: Bool = true) {
    self.name = name
    self.kind = kind
    self.required = required
  }
}
