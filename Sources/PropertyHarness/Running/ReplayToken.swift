import Generators

/// Names one case of one run: property id, run seed and case index, e.g. `P11-00000000c0ffee00-417`.
///
/// The case is regenerated from `Seed.derive(Seed.derive(seed, "<id>"), index)`, so the token
/// reproduces it alone, on any machine, as long as the property's generator is the one that made
/// it: a generator that changes what a seed gives takes a new version, which its tokens carry
/// (`-g2`; version 1 is written without), and a token of another version is refused rather than
/// replayed as a different case. An optional `~policy` part names the sync policy the property ran
/// under when it is not the default one (`W1.2-…-17~workout`); a token naming another policy than
/// the property's is refused too. An optional `@variant` suffix names the implementation it ran
/// against (a mutant, say).
public struct ReplayToken: Sendable, Equatable, CustomStringConvertible {
  /// The property's id.
  public let property: PropertyID
  /// The run seed.
  public let seed: UInt64
  /// The case's index in the run, from 0.
  public let caseIndex: Int
  /// The implementation it ran against, when not the reference.
  public let variant: String?
  /// The version of the property's generator that made the case (1 for a token without `-g`).
  public let generatorVersion: Int
  /// The sync policy the property ran under, when not the default.
  ///
  /// Nil in a token without `~` (made under the default policy, or by a build before tokens named policies).
  public let policy: String?

  /// Why this build cannot replay a token.
  ///
  /// Why a token cannot be replayed by this build: the property's generator is another version
  /// than the one that made it, so its seed would make another case; or the token names a policy
  /// the property does not run under.
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The token refused.
    public let token: ReplayToken
    /// One line saying why, for the command's error.
    public let description: String

    /// A token of generator version other than `current`, this build's.
    public static func version(_ token: ReplayToken, current: Int) -> Refusal {
      Refusal(
        token: token,
        description: "token \(token) was made by version \(token.generatorVersion) of \(token.property)'s "
          + "generator, and this build has version \(current): its seed would make another case (a corpus case "
          + "keeps the input itself, and replays in every version)")
    }

    /// A token naming a policy other than `current`, the one the property runs under.
    public static func policy(_ token: ReplayToken, current: String?) -> Refusal {
      Refusal(
        token: token,
        description:
          "token \(token) names policy \(token.policy ?? "none"), and \(token.property) runs under "
          + "\(current ?? "the default policy"): 'countme-fuzz list' says which property runs under which")
    }
  }

  /// Creates a `ReplayToken` from its parts.
  public init(
    property: PropertyID, seed: UInt64, caseIndex: Int, variant: String? = nil, generatorVersion: Int = 1,
    policy: String? = nil
  ) {
    self.property = property
    self.seed = seed
    self.caseIndex = caseIndex
    self.variant = variant
    self.generatorVersion = generatorVersion
    self.policy = policy
  }

  /// Parses `<id>-<16 hex digits>-<case>[-g<version>][~policy][@variant]`; nil for anything else.
  public init?(_ text: String) {
    var main: Substring
    let variant: String?
    if let at = text.firstIndex(of: "@") {
      main = text[..<at]
      variant = String(text[text.index(after: at)...])
      guard variant?.isEmpty == false else { return nil }
    } else {
      main = Substring(text)
      variant = nil
    }
    var policy: String?
    if let tilde = main.firstIndex(of: "~") {
      let name = main[main.index(after: tilde)...]
      guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
      policy = String(name)
      main = main[..<tilde]
    }
    let parts = main.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3 || parts.count == 4, let property = PropertyID(parts[0]),
      !property.numbers.contains(0), parts[1].count == 16, let seed = Seed.parse(String(parts[1])),
      let caseIndex = Int(parts[2]), caseIndex >= 0
    else { return nil }
    var version = 1
    if parts.count == 4 {
      // Version 1 is written without: `-g1` is not a token this tool prints.
      let digits = parts[3].dropFirst()
      guard parts[3].first == "g", digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits),
        number >= 2
      else { return nil }
      version = number
    }
    self.init(
      property: property, seed: seed, caseIndex: caseIndex, variant: variant, generatorVersion: version,
      policy: policy)
  }

  /// How reports print it.
  public var description: String { prefix + "\(caseIndex)" + suffix }

  /// The part before the case index, `<id>-<seed>-`.
  var prefix: String { "\(property)-\(Seed.format(seed))-" }
  /// The part after it: `-g<version>` past version 1, `~<policy>` when one is named, then
  /// `@<variant>`.
  var suffix: String {
    (generatorVersion > 1 ? "-g\(generatorVersion)" : "") + (policy.map { "~\($0)" } ?? "")
      + (variant.map { "@\($0)" } ?? "")
  }

  /// The seed of this property's stream in the run.
  static func propertySeed(_ property: PropertyID, runSeed: UInt64) -> UInt64 {
    Seed.derive(runSeed, property.description)
  }

  /// The seed this case was generated from.
  var caseSeed: UInt64 { Seed.derive(Self.propertySeed(property, runSeed: seed), UInt64(caseIndex)) }
}
