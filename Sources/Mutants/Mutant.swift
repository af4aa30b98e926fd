import CountMeContract
import PropertyHarness

/// A deliberately broken implementation: the reference with exactly one realistic bug.
///
/// Mutants prove the gate has teeth: each must be killed (made to fail) by the properties that exist
/// for its bug. `layer` says which properties can see it: the kill matrix runs it against the
/// properties that exercise that layer.
package struct Mutant: Sendable {
  /// A kebab-case name, as `--mutant` and replay tokens (`P2-…-5@name`) spell it.
  package let name: String
  /// The bug, as an engineer would describe the mistake.
  package let bug: String
  /// The layer its bug is in: only the properties that exercise it run against it.
  package let layer: Layer
  /// The property this mutant is the proof for: it must kill it at every seed.
  package let killer: PropertyID
  /// The broken implementation.
  package let system: any SystemUnderTest
}
