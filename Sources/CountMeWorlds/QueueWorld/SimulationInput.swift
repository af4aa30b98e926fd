import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Generators
import PropertyHarness

/// One sync simulation: the steps, the faults of successive cloud calls, and the queue's settings.
package struct SimulationInput: Sendable, Equatable {
  /// The steps.
  package var scenario: SyncScenario
  /// The faults of successive cloud calls.
  package var faults: FaultPlan
  /// The queue's capacity.
  package var capacity: Int
  /// The queue's retry policy.
  package var policy: RetryPolicy
  /// Whether the queue is the one a device gets with no settings.
  ///
  /// Whether the queue is the one a device gets with no settings (`makeDefaultQueue`, and
  /// `loadDefaultQueue` at a restart until an upgrade sets new values); `capacity` and `policy` are
  /// then the documented defaults, which the judges hold it to.
  var defaults: Bool

  /// Creates a `SimulationInput` from its parts.
  package init(
    scenario: SyncScenario, faults: FaultPlan, capacity: Int, policy: RetryPolicy, defaults: Bool = false
  ) {
    self.scenario = scenario
    self.faults = faults
    self.capacity = capacity
    self.policy = policy
    self.defaults = defaults
  }

  /// As reports and corpus files store it.
  package var json: JSON {
    .object(
      (defaults ? [("defaults", JSON.bool(true))] : []) + [
        ("capacity", .integer(Int64(capacity))),
        (
          "policy",
          .object([
            ("initialDelay", .number(policy.initialDelay)), ("maxDelay", .number(policy.maxDelay)),
            ("maxRetries", .integer(Int64(policy.maxRetries))),
          ])
        ),
        ("faults", .array(faults.faults.map { .string($0.rawValue) })),
        ("steps", scenario.json["steps"] ?? .array([])),
      ])
  }
}

extension Gen {
  /// Fault plans: each call faulty with probability `rate`, the kinds weighted toward transient ones.
  /// Shrinks toward fewer calls and no faults.
  package static func faultPlan(
    calls: ClosedRange<Int> = 0...200, rate: Double = 0.3, kinds: [Fault] = Fault.answered
  )
    -> Generator<FaultPlan>
  {
    let faulty = kinds.filter { $0 != .none }
    let fault = frequency([
      (Int(((1 - rate) * 100).rounded()), constant(Fault.none)),
      (Swift.max(1, Int((rate * 100).rounded())), element(of: faulty)),
    ])
    return array(of: fault, count: calls, averageExtra: 40).map(FaultPlan.init)
  }

  /// Queue capacities: 1 to 12, and one time in 16 a capacity of −2 to 0, which counts as 1
  /// (shrinking to 12).
  static let capacities = frequency([
    (15, int(in: 1...12, shrinkingToward: 12)), (1, int(in: -2...0, shrinkingToward: 0)),
  ])

  /// Simulation inputs: a scenario, a fault plan and queue settings.
  ///
  /// Simulation inputs: a scenario, a fault plan and queue settings (the property's own capacities,
  /// unless `options` fix them), tagged with what they exercise.
  ///
  /// With probability `defaults` (none when `options` fix a setting) the queue is the one a device gets with
  /// no settings, held to the documented defaults (tag `Sync.defaults`).
  package static func simulation(
    scenario: Generator<SyncScenario> = syncScenario(length: 0...400, averageLength: 40),
    faults: Generator<FaultPlan> = faultPlan(),
    capacity ownCapacity: Generator<Int> = capacities,
    policy ownPolicy: Generator<RetryPolicy>? = nil, defaults: Double = 0.125, options: SyncOptions
  ) -> Generator<Tagged<SimulationInput>> {
    let capacity = options.capacity(ownCapacity)
    let policy = options.fixesPolicy ? options.policy : ownPolicy ?? options.policy
    let usesDefaults = options.capacity != nil || options.fixesPolicy ? 0 : defaults
    return Generator { source in
      let scenario = try source.draw(scenario), faults = try source.draw(faults)
      let input: SimulationInput
      if usesDefaults > 0, try source.draw(bool(probability: usesDefaults)) {
        input = SimulationInput(
          scenario: scenario, faults: faults, capacity: QueueSpecification.defaultCapacity,
          policy: QueueSpecification.defaultPolicy, defaults: true)
      } else {
        input = SimulationInput(
          scenario: scenario, faults: faults, capacity: try source.draw(capacity),
          policy: try source.draw(policy))
      }
      return Tagged(input, tags: SimulationTags.of(input))
    }
  }
}

enum SimulationTags {
  static func of(_ input: SimulationInput) -> [String] {
    var tags: [String] = []
    let steps = input.scenario.steps
    let enqueues = steps.filter { if case .enqueue = $0 { return true } else { return false } }.count
    tags.append(
      enqueues > QueueSpecification.capacity(input.capacity) ? "Sync.overCapacity" : "Sync.withinCapacity")
    if input.capacity < 1 { tags.append("Sync.capacityBelowOne") }
    if steps.contains(.restart) { tags.append("Sync.restart") }
    if input.defaults { tags.append("Sync.defaults") }
    if steps.contains(where: { if case .upgrade = $0 { return true } else { return false } }) {
      tags.append("Sync.upgrade")
    }
    if steps.contains(.goOffline) || steps.contains(.signOut) { tags.append("Sync.offlineOrSignedOut") }
    for fault in [Fault.lostAcknowledgement, .permissionDenied, .slow]
    where input.faults.faults.contains(fault) {
      tags.append("Sync.fault.\(fault.rawValue)")
    }
    return tags
  }
}
