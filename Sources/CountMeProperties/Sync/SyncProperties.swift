import CloudFake
import CountMeCore
import Generators
import PropertyHarness

/// Properties 13 and 14 of the design document, and the queue invariants numbered after them.
///
/// Each runs sync simulations (`SyncSimulator`) against the system's queue and `CloudFake`, and fails
/// only on a problem with its own invariant; the report gives the step and the last cloud calls.
enum SyncProperties {
  struct Definition {
    let number: Int
    let name: String
    let validates: [String]
    let expected: String
    let generator: Generator<Tagged<SimulationInput>>
  }

  static let definitions: [Definition] = [
    Definition(
      number: 13, name: "Queue size invariant", validates: ["7.1", "7.2", "7.3"],
      expected: "the queue size stays at or below 1,000 after every step",
      generator: Gen.simulation(
        // NB: no restarts here (each persists the whole queue, slowly in debug builds); property 21
        // is about them.
        scenario: Gen.syncScenario(
          length: 0...3_000, averageLength: 1_100, entities: 5_000, enqueueWeight: 300,
          restartWeight: 0),
        faults: Gen.faultPlan(calls: 0...20), capacity: Gen.constant(1_000))),
    Definition(
      number: 14, name: "Queue processing continues despite individual failures", validates: ["8.4"],
      expected: "every queued operation is attempted, whatever happens to the others",
      generator: Gen.simulation(faults: Gen.faultPlan(rate: 0.5))),
    Definition(
      number: 15, name: "Queue accounting: every operation is in exactly one state",
      validates: ["7.2", "8.2"],
      expected:
        "pending + in flight + succeeded + superseded + dropped + failed = enqueued, drops and failures with a reason",
      generator: Gen.simulation()),
    Definition(
      number: 16, name: "No lost update", validates: ["8.3"],
      expected: "completing an operation changes only that operation",
      generator: Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 3),
        faults: Gen.faultPlan(rate: 0.4, kinds: [.slow, .unavailable, .lostAcknowledgement]))),
    Definition(
      number: 17, name: "Offline and signed-out pause without loss", validates: ["8.1", "8.4"],
      expected: "offline or signed out, nothing is attempted and nothing changes",
      generator: Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, enqueueWeight: 5))),
    Definition(
      number: 18, name: "Bounded retries and exact backoff", validates: ["8.1", "8.2"],
      expected: "at most maxRetries + 1 attempts, delays of min(initial × 2ⁿ, max), the last real error kept",
      // NB: few entities and mostly transient faults, so one operation fails several times running
      // and every step of the backoff is seen.
      generator: Gen.simulation(
        scenario: Gen.syncScenario(length: 0...200, averageLength: 20, entities: 3, enqueueWeight: 4),
        faults: Gen.faultPlan(
          rate: 0.7, kinds: [.unavailable, .deadlineExceeded, .networkLost, .permissionDenied, .unavailable]))
    ),
    Definition(
      number: 19, name: "Exactly-once effect under lost acknowledgements", validates: ["8.3"],
      expected: "one document per entity, and no retried write overwrites a newer version",
      generator: Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 2),
        faults: Gen.faultPlan(rate: 0.5, kinds: [.lostAcknowledgement, .slow, .deadlineExceeded]))),
    Definition(
      number: 20, name: "Convergence once faults stop", validates: ["8.3", "8.4"],
      expected:
        "the cloud holds the newest local version of every entity not dropped or failed, and nothing deleted comes back",
      generator: Gen.simulation()),
    Definition(
      number: 21, name: "Persistence round trip", validates: ["7.1", "8.2"],
      expected:
        "a restart restores exactly the pending and failed operations; a corrupted file loads as an empty queue, reported",
      generator: Gen.simulation(scenario: Gen.syncScenario(length: 0...300, averageLength: 40))),
  ]

  static func properties(_ system: some SystemUnderTest) -> [AnyProperty] {
    definitions.map { definition in
      if definition.number == 21 { return persistence(definition, system) }
      return AnyProperty(
        Property(
          number: definition.number, name: definition.name, validates: definition.validates,
          generator: definition.generator, describe: \.json,
          expectation: { _ in CorpusExpectation.holds.json }
        ) { input in
          verdict(
            SyncSimulator.run(input.value, system: system), definition,
            steps: input.value.scenario.steps.count)
        })
    }
  }

  /// Property 21 also corrupts the persisted bytes half the time.
  private static func persistence(_ definition: Definition, _ system: some SystemUnderTest) -> AnyProperty {
    let generator = Generator { source in
      (try source.draw(definition.generator), try source.draw(Corruption.generator))
    }.map { input, corruption in
      Tagged(
        PersistenceInput(simulation: input.value, corruption: corruption),
        tags: input.tags + [corruption == nil ? "Sync.persisted.intact" : "Sync.persisted.corrupted"])
    }
    return AnyProperty(
      Property(
        number: definition.number, name: definition.name, validates: definition.validates,
        generator: generator,
        describe: \.json, expectation: { _ in CorpusExpectation.holds.json }
      ) { input in
        verdict(
          SyncSimulator.run(
            input.value.simulation, system: system, corruption: input.value.corruption,
            checkPersistence: true), definition, steps: input.value.simulation.scenario.steps.count)
      })
  }

  private static func verdict(_ simulation: SyncSimulator, _ definition: Definition, steps: Int) -> Verdict {
    guard let problem = simulation.problems.first(where: { $0.property == definition.number }) else {
      return .pass
    }
    let trace = simulation.traceTail
    let when = problem.step < steps ? "at step \(problem.step + 1)" : "after the steps, draining"
    return .fail(
      observed: "\(when): \(problem.message)" + (trace.isEmpty ? "" : "; cloud calls: \(trace)"),
      expected: definition.expected)
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
