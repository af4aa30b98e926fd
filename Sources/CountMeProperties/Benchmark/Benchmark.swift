import CountMeContract
import CountMeCore
import CountMeWorlds
import Generators
import PropertyHarness

/// Throughput of the gate, measured in one run so that ratios compare like with like.
///
/// Each property's cases per second, the sync simulator's steps per second with and without restarts, and the
/// plain loop P2 is compared with.
///
/// A benchmark reads the clock; nothing asserts its figures.
public enum Benchmark {
  /// One measured row.
  public struct Row: Sendable {
    /// What ran: a property id, or the name of a baseline.
    public let name: String
    /// What it is, in words.
    public let title: String
    /// Cases (or loop iterations) run.
    public let cases: Int
    /// Simulated steps, for the sync simulator's rows.
    public let steps: Int?
    /// Wall seconds spent.
    public let seconds: Double

    /// Cases per second.
    public var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }
    /// Steps per second, for the simulator's rows.
    public var stepsPerSecond: Double? { steps.map { seconds > 0 ? Double($0) / seconds : 0 } }
  }

  /// Runs property `id` against the reference for about `seconds` from `seed`.
  public static func property(_ id: PropertyID, seed: UInt64, seconds: Double) -> Row? {
    guard let spec = Catalog.property(id) else { return nil }
    let settings = RunSettings(seed: seed, cases: .max, maxSeconds: seconds)
    let report = Catalog.run(properties: [id], settings: settings)
    guard let measured = report.properties.first else { return nil }
    return Row(
      name: id.description, title: spec.name, cases: measured.cases, steps: nil, seconds: measured.seconds)
  }

  /// The plain loop P2 is compared with (`PlainLoop`), for about `seconds`.
  public static func plainLoop(seed: UInt64, seconds: Double) -> Row {
    let clock = ContinuousClock()
    let start = clock.now
    var cases = 0, rejected = 0
    repeat {
      rejected &+= PlainLoop.run(count: 10_000, seed: Seed.derive(seed, UInt64(cases)))
      cases += 10_000
    } while (clock.now - start).inSeconds < seconds
    precondition(rejected > 0, "the plain loop must reject some inputs")
    return Row(
      name: "loop", title: "plain loop: FoodItem(...) on raw random inputs (P2's baseline)", cases: cases,
      steps: nil, seconds: (clock.now - start).inSeconds)
  }

  /// One `SyncBenchmark` run of `steps` steps with faults: restarts about every 20 steps when
  /// `restarts`, none otherwise.
  ///
  /// The scenario is generated before the clock starts.
  public static func simulation(steps: Int, restarts: Bool, seed: UInt64) throws -> Row {
    let input = try SyncBenchmark.input(steps: steps, seed: seed, restartWeight: restarts ? 1 : 0)
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = SyncBenchmark.run(input)
    precondition(outcome.problems.isEmpty, "the reference broke an invariant: \(outcome.problems)")
    return Row(
      name: restarts ? "sim+restarts" : "sim",
      title: "sync simulation with faults" + (restarts ? ", a restart every ~20 steps" : ", no restarts"),
      cases: 1, steps: outcome.steps, seconds: (clock.now - start).inSeconds)
  }

  /// The same scenario as `simulation(steps:restarts:seed:)`, driving CountMeCore's queue in a
  /// plain loop (`RawQueueLoop`): the simulator's baseline.
  ///
  /// Repeated for at least `seconds`.
  public static func rawQueue(steps: Int, restarts: Bool, seed: UInt64, seconds: Double) throws -> Row {
    let input = try SyncBenchmark.input(steps: steps, seed: seed, restartWeight: restarts ? 1 : 0)
    let clock = ContinuousClock()
    let start = clock.now
    var runs = 0, succeeded = 0
    repeat {
      succeeded &+= try RawQueueLoop.run(input.scenario, faults: input.faults)
      runs += 1
    } while (clock.now - start).inSeconds < seconds
    precondition(succeeded > 0, "the raw queue loop must upload something")
    return Row(
      name: restarts ? "queue+restarts" : "queue",
      title: "CountMeCore's queue alone on the same steps" + (restarts ? ", with the restarts" : ""),
      cases: runs, steps: runs * input.scenario.steps.count, seconds: (clock.now - start).inSeconds)
  }

  /// The multi-device simulation F12–F30 judge, on inputs drawn from `seed`, for about `seconds`.
  ///
  /// The multi-device simulation F12–F30 judge (`CloudDevicesRun`: 2–3 devices, one `CloudFake`,
  /// faults, offline spells, unreadable documents, a guest signing up) on inputs drawn from `seed`,
  /// for about `seconds`.
  ///
  /// A step is one of a scenario's steps or one pass of its quiet spell; the row's cases are whole runs.
  public static func devices(seed: UInt64, seconds: Double) throws -> Row {
    let clock = ContinuousClock()
    let start = clock.now
    var cases = 0, steps = 0
    repeat {
      let input = try CloudDevicesInput.migrationGenerator.generate(seed: Seed.derive(seed, UInt64(cases)))
        .value
      let run = try CloudDevicesRun.run(input, .reference)
      precondition(!run.passes.isEmpty, "a run ends with a quiet spell of passes")
      steps += input.scenario.steps.count + 3 * input.scenario.skews.count
      cases += 1
    } while (clock.now - start).inSeconds < seconds
    return Row(
      name: "devices", title: "multi-device sync through the cloud (F12–F30's runs)", cases: cases,
      steps: steps, seconds: (clock.now - start).inSeconds)
  }
}
