import CloudFake
import CountMeCore
import Generators
import PropertyHarness

/// The shape of properties 13–21: run a sync scenario against the system's queue and `CloudFake`,
/// and judge one invariant; a failure gives the step and the last cloud calls.
enum SyncProperties {
  /// A property judged over simulations from `generator`.
  static func spec(
    _ id: PropertyID, _ name: String, validates: [String], statement: String, killBudget: Int = 600,
    _ generator: Generator<Tagged<SimulationInput>>
  ) -> CatalogProperty {
    PropertySpec(
      id: id, name: name, validates: validates, layer: .queue, killBudget: killBudget, generator: generator,
      encode: \.json, decode: { json, _ in try SimulationInput(json: json) },
      expect: { _ in .holds(statement) },
      observe: { input, system in
        observation(SyncSimulator.run(input, system: system), id, steps: input.scenario.steps.count)
      }
    ).erased
  }

  /// Property 21's shape: a simulation, then its queue file damaged half the time.
  static func persistence(
    _ id: PropertyID, _ name: String, validates: [String], statement: String,
    _ simulations: Generator<Tagged<SimulationInput>>
  ) -> CatalogProperty {
    let generator = Generator { source in
      (try source.draw(simulations), try source.draw(Corruption.generator))
    }.map { input, corruption in
      Tagged(
        PersistenceInput(simulation: input.value, corruption: corruption),
        tags: input.tags + [corruption == nil ? "Sync.persisted.intact" : "Sync.persisted.corrupted"])
    }
    return PropertySpec(
      id: id, name: name, validates: validates, layer: .queue, killBudget: 600, generator: generator,
      encode: \.json,
      decode: { json, _ in
        let corruption = try json["corruption"].flatMap { $0 == .null ? nil : try Corruption(json: $0) }
        return PersistenceInput(simulation: try SimulationInput(json: json), corruption: corruption)
      },
      expect: { _ in .holds(statement) },
      observe: { input, system in
        let simulation = SyncSimulator.run(
          input.simulation, system: system, corruption: input.corruption, checkPersistence: true)
        return observation(simulation, id, steps: input.simulation.scenario.steps.count)
      }
    ).erased
  }

  private static func observation(_ simulation: SyncSimulator, _ id: PropertyID, steps: Int) -> Observation {
    guard let problem = simulation.problems.first(where: { $0.property == id }) else { return .holds }
    let trace = simulation.traceTail
    let when = problem.step < steps ? "at step \(problem.step + 1)" : "after the steps, draining"
    return .broke("\(when): \(problem.message)" + (trace.isEmpty ? "" : "; cloud calls: \(trace)"))
  }
}

/// A simulation and the damage to do to the queue's file before loading it again.
struct PersistenceInput: Sendable, Equatable {
  let simulation: SimulationInput
  let corruption: Corruption?

  var json: JSON {
    guard case .object(var members) = simulation.json else { return simulation.json }
    members.append(("corruption", corruption?.json ?? .null))
    return .object(members)
  }
}
