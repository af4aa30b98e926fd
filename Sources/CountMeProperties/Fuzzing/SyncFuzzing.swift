import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Generators

/// The `sync-scenario` target: the fuzzer's bytes are the choices of the sync scenario generator.
///
/// The `sync-scenario` target: the fuzzer's bytes are the choices of the sync scenario generator
/// (steps, restarts, upgrades, a fault plan, queue settings) and of a damage to the queue file.
///
/// Oracle: against the reference, every sync property's invariant holds over the scenario, and
/// property 21's over the same scenario persisted, damaged and loaded again.
enum SyncFuzzing {
  static let generator = Gen.zip(Gen.simulation(options: SyncOptions()), Corruption.generator)

  static func run(_ bytes: [UInt8], system: SystemLayers = .reference) -> String? {
    var source = ChoiceSource(bytes: bytes)
    guard let (input, corruption) = try? source.draw(generator) else { return nil }
    return problem(input.value, corruption: nil, persisting: false, system: system)
      ?? problem(input.value, corruption: corruption, persisting: true, system: system)
  }

  /// The first broken invariant of `input` run against the reference, or nil: every sync judge
  /// over a plain run, property 21's over a persisted one.
  static func problem(
    _ input: SimulationInput, corruption: Corruption?, persisting: Bool,
    system: SystemLayers = .reference
  ) -> String? {
    let trace = SyncSimulator.run(input, system: system, persisting: persisting, corruption: corruption)
    let problems = SyncProperties.problems(
      trace, of: persisting ? [Hardening.persistenceRoundTrip] : Catalog.all)
    return problems.first.map { "on \(input.json.text()): \($0)" }
  }
}
