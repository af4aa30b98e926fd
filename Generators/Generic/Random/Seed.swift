/// Seeds: one `UInt64` fixes every value, printed as 16 hex digits.
///
/// Per-property and per-case seeds are derived from a run seed by `derive`, a fixed mixing function,
/// so one case can be regenerated alone from (run seed, property, case index).
public enum Seed {
  /// The seed of child `index` of `parent`: `mix(parent ^ mix(index &+ golden))`.
  ///
  /// Two rounds of the SplitMix64 finaliser; changing this changes every replay token, so don't.
  public static func derive(_ parent: UInt64, _ index: UInt64) -> UInt64 {
    SplitMix64.mix(parent ^ SplitMix64.mix(index &+ 0x9E37_79B9_7F4A_7C15))
  }

  /// The seed of a named stream under `parent`, independent of Swift's per-process string hashing.
  ///
  /// The seed of a named stream (a property id, a generator name) under `parent`, by FNV-1a of the
  /// name's UTF-8 bytes, so it does not depend on Swift's per-process string hashing.
  public static func derive(_ parent: UInt64, _ name: String) -> UInt64 {
    derive(parent, NameHash.fnv1a(name.utf8))
  }

  /// `seed` as exactly 16 lowercase hex digits.
  public static func format(_ seed: UInt64) -> String { NameHash.hex(seed) }

  /// Parses 1–16 hex digits, with or without a `0x` prefix; nil for anything else.
  public static func parse(_ text: String) -> UInt64? {
    let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? String(text.dropFirst(2)) : text
    guard (1...16).contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
    return UInt64(digits, radix: 16)
  }
}
