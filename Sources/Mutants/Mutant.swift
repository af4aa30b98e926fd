import CountMeProperties
import PropertyHarness

/// A deliberately broken implementation: the reference with exactly one realistic bug.
///
/// Mutants prove the gate has teeth: each must be killed (made to fail) by the properties that exist
/// for its bug. `layer` says which properties can see it: a model mutant only changes constructors,
/// so only the catalog's properties of the models layer run against it, and so on.
public struct Mutant: Sendable {
  /// A kebab-case name, as `--mutant` and replay tokens (`P2-…-5@name`) spell it.
  public let name: String
  /// The bug, as an engineer would describe the mistake.
  public let bug: String
  /// The layer its bug is in: only that layer's properties run against it.
  public let layer: Layer
  /// The property this mutant is the proof for: it must kill it at every seed.
  public let killer: PropertyID
  /// The properties that can see its bug: those of its layer, in catalog order.
  public var properties: [CatalogProperty] { Catalog.properties(of: layer) }
  /// The broken implementation.
  public let system: any SystemUnderTest
}
