import Generators

/// Names one case of one run: property id, run seed and case index, e.g. `P11-00000000c0ffee00-417`.
///
/// The case is regenerated from `Seed.derive(Seed.derive(seed, "<id>"), index)`, so the token
/// reproduces it alone, on any machine, as long as the generators are unchanged. An optional
/// `@variant` suffix names the implementation it ran against (a mutant, say).
public struct ReplayToken: Sendable, Equatable, CustomStringConvertible {
  /// The property's id.
  public let property: PropertyID
  /// The run seed.
  public let seed: UInt64
  /// The case's index in the run, from 0.
  public let caseIndex: Int
  /// The implementation it ran against, when not the reference.
  public let variant: String?

  /// Creates a `ReplayToken` from its parts.
  public init(property: PropertyID, seed: UInt64, caseIndex: Int, variant: String? = nil) {
    self.property = property
    self.seed = seed
    self.caseIndex = caseIndex
    self.variant = variant
  }

  /// Parses `<id>-<16 hex digits>-<case>[@variant]`; nil for anything else.
  public init?(_ text: String) {
    let main: Substring
    let variant: String?
    if let at = text.firstIndex(of: "@") {
      main = text[..<at]
      variant = String(text[text.index(after: at)...])
      guard variant?.isEmpty == false else { return nil }
    } else {
      main = Substring(text)
      variant = nil
    }
    let parts = main.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, let property = PropertyID(parts[0]), !property.numbers.contains(0),
      parts[1].count == 16, let seed = Seed.parse(String(parts[1])), let caseIndex = Int(parts[2]),
      caseIndex >= 0
    else { return nil }
    self.init(property: property, seed: seed, caseIndex: caseIndex, variant: variant)
  }

  /// How reports print it.
  public var description: String { prefix + "\(caseIndex)" + suffix }

  /// The part before the case index, `<id>-<seed>-`.
  var prefix: String { "\(property)-\(Seed.format(seed))-" }
  /// The part after it, `@<variant>` or nothing.
  var suffix: String { variant.map { "@\($0)" } ?? "" }

  /// The seed of this property's stream in the run.
  static func propertySeed(_ property: PropertyID, runSeed: UInt64) -> UInt64 {
    Seed.derive(runSeed, property.description)
  }

  /// The seed this case was generated from.
  var caseSeed: UInt64 { Seed.derive(Self.propertySeed(property, runSeed: seed), UInt64(caseIndex)) }
}
