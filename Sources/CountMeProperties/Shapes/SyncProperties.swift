import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

/// The shape of properties 13–21: a sync scenario against the system's queue, one invariant judged.
///
/// The shape of properties 13–21: run a sync scenario against the system's queue and `CloudFake`,
/// and judge one invariant; a failure gives the step and the last cloud calls.
enum SyncProperties {
  /// Judges a trace: its first problem with one invariant, or nil.
  typealias Judge = @Sendable (SyncTrace) -> TraceProblem?

  /// Why the queue's simulations stay on `CloudFake` under `--cloud emulator`.
  static let queueWorld =
    "the queue's simulation writes to a cloud it never reads back; C2 holds those writes to Firestore"

  /// A property judged by `judge` over simulations from `generator`.
  ///
  /// `audits` when the judge reads the queue's own audit (`SyncTrace.What.books`), which the simulations
  /// otherwise skip.
  static func spec(
    _ id: PropertyID, _ name: String, validates: [String], statement: String, anomaly: Anomaly,
    audits: Bool = false, killBudget: Int = 600, generatorVersion: Int = 1,
    _ generator: @escaping @Sendable (SyncOptions) -> Generator<Tagged<SimulationInput>>,
    judge: @escaping Judge
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.queue], killBudget: killBudget,
      generator: generator,
      encode: \.json, decode: { json, _ in try SimulationInput(json: json) },
      expect: { _ in .holds(statement) },
      observe: { input, system in
        observation(SyncSimulator.run(input, system: system, audits: audits), judge)
      })
    spec.judge = judge
    spec.cloud = .fakeOnly(queueWorld)
    spec.anomaly = anomaly
    spec.generatorVersion = generatorVersion
    spec.story = { input, system in
      let trace = SyncSimulator.run(input, system: system, audits: audits)
      return (trace.story, trace.storyNames)
    }
    return spec.erased
  }

  /// Property 21's shape: a simulation whose queue file is also written, damaged half the time,
  /// and loaded again.
  static func persistence(
    _ id: PropertyID, _ name: String, validates: [String], statement: String, anomaly: Anomaly,
    _ simulations: @escaping @Sendable (SyncOptions) -> Generator<Tagged<SimulationInput>>,
    judge: @escaping Judge
  ) -> CatalogProperty {
    let generator: @Sendable (SyncOptions) -> Generator<Tagged<PersistenceInput>> = { options in
      let simulation = simulations(options)
      return Generator { source in
        (try source.draw(simulation), try source.draw(Corruption.generator))
      }.map { input, corruption in
        Tagged(
          PersistenceInput(simulation: input.value, corruption: corruption),
          tags: input.tags + [corruption == nil ? "Sync.persisted.intact" : "Sync.persisted.corrupted"])
      }
    }
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.queue], killBudget: 600, generator: generator,
      encode: \.json,
      decode: { json, _ in
        let corruption = try json["corruption"].flatMap { $0 == .null ? nil : try Corruption(json: $0) }
        return PersistenceInput(simulation: try SimulationInput(json: json), corruption: corruption)
      },
      expect: { _ in .holds(statement) },
      observe: { input, system in
        let trace = SyncSimulator.run(
          input.simulation, system: system, persisting: true, corruption: input.corruption, audits: false)
        return observation(trace, judge)
      })
    spec.judge = judge
    spec.cloud = .fakeOnly(queueWorld)
    spec.anomaly = anomaly
    spec.story = { input, system in
      let trace = SyncSimulator.run(
        input.simulation, system: system, persisting: true, corruption: input.corruption, audits: false)
      return (trace.story, trace.storyNames)
    }
    return spec.erased
  }

  /// Every broken invariant of `trace` among `properties`' judges, each as `<id> <what broke>`.
  static func problems(_ trace: SyncTrace, of properties: [CatalogProperty] = Catalog.all) -> [String] {
    properties.compactMap { property in property.judge?(trace).map { "\(property.id) \(trace.describe($0))" }
    }
  }

  private static func observation(_ trace: SyncTrace, _ judge: Judge) -> Observation {
    guard let problem = judge(trace) else { return .holds }
    return .broke(
      trace.describe(problem), anomaly: problem.anomaly, step: problem.step < trace.steps ? problem.step : nil
    )
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
