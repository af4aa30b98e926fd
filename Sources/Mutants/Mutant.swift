import CountMeProperties

/// A deliberately broken implementation: the reference with exactly one realistic bug.
///
/// Mutants prove the gate has teeth: each must be killed (made to fail) by the properties that exist
/// for its bug. `layer` says which properties can see it: a model mutant only changes constructors,
/// so only properties 1–10 run against it, and so on.
public struct Mutant: Sendable {
  public enum Layer: String, Sendable {
    case models, decoders, queue

    /// Cases of `property` in the kill matrix, chosen so every mutant dies at every seed: decoder
    /// properties are cheap and their bugs hide in one corruption kind of many; queue scenarios are
    /// long, property 13's longest (up to 3,000 steps) and its bugs show within a few cases;
    /// property 19's bug needs a rare interleaving (a retry overtaken by a newer write), killed after a
    /// median of ~150 cases.
    public func defaultCases(for property: Int) -> Int {
      switch (self, property) {
      case (.models, _): return 1_000
      case (.decoders, _): return 2_000
      case (.queue, 13): return 100
      case (.queue, 19): return 2_000
      case (.queue, _): return 600
      }
    }

    /// The properties that exercise this layer.
    public var properties: [Int] {
      switch self {
      case .models: return Array(1...10)
      case .decoders: return [11, 12]
      case .queue: return Array(13...21)
      }
    }
  }

  /// A kebab-case name, as `--mutant` and replay tokens (`P2-…-5@name`) spell it.
  public let name: String
  /// The bug, as an engineer would describe the mistake.
  public let bug: String
  public let layer: Layer
  public let system: any SystemUnderTest
}
