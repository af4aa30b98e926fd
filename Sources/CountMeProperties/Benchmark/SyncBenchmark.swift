import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators

/// A long simulation for measuring the simulator, judged by every queue property.
///
/// A long simulation for measuring the simulator: `steps` steps with faults against CountMeCore's
/// queue and `CloudFake`, recorded, then every queue property's judge run over the trace.
public enum SyncBenchmark {
  /// What one benchmark run did.
  public struct Outcome: Sendable {
    /// Steps simulated.
    public let steps: Int
    /// Cloud calls made.
    public let cloudCalls: Int
    /// Virtual seconds that passed in the simulation (backoff, latency, `advanceTime`).
    public let simulatedSeconds: Double
    /// Broken invariants (none expected for CountMeCore).
    public let problems: [String]
  }

  /// A scenario of exactly `steps` steps (128 entities, capacity 1,000, a fault on about a fifth
  /// of the calls) from `seed`.
  ///
  /// - Parameter restartWeight: restarts' weight among the steps (enqueue 8, the others 11 in all):
  ///   1, the default mix, restarts about every 20 steps, each persisting and reloading the queue.
  static func input(steps: Int, seed: UInt64, restartWeight: Int = 1) throws -> SimulationInput {
    let scenario = Gen.syncScenario(length: steps...steps, entities: 128, restartWeight: restartWeight)
    return SimulationInput(
      scenario: try scenario.generate(seed: seed).value,
      faults: try Gen.faultPlan(calls: steps...steps, rate: 0.2).generate(seed: Seed.derive(seed, 1)).value,
      capacity: QueueSpecification.defaultCapacity, policy: RetryPolicy())
  }

  /// Generates `input(steps:seed:restartWeight:)` and runs it.
  public static func run(steps: Int, seed: UInt64, restartWeight: Int = 1) throws -> Outcome {
    run(try input(steps: steps, seed: seed, restartWeight: restartWeight))
  }

  /// Simulates `input` against CountMeCore's queue and `CloudFake`, and judges the trace.
  static func run(_ input: SimulationInput) -> Outcome {
    let trace = SyncSimulator.run(input, system: SystemLayers.reference)
    return Outcome(
      steps: input.scenario.steps.count, cloudCalls: trace.cloudCalls.count,
      simulatedSeconds: trace.final?.elapsed ?? 0, problems: SyncProperties.problems(trace))
  }
}
