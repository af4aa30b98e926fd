import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension SimulationInput {
  /// Reads `json`'s form: capacity, policy, faults and steps.
  package init(json: JSON, path: String = "input") throws {
    let r = try JSONReader(json, path: path)
    let policy = try JSONReader(try r.value("policy"), path: "\(path).policy")
    let steps = try r.array("steps").enumerated().map {
      try SyncScenario.Step(json: $1, path: "\(path).steps[\($0)]")
    }
    let defaults: Bool
    switch json["defaults"] {
    case nil, .bool(false)?: defaults = false
    case .bool(true)?: defaults = true
    default: throw InputDecodingError(path: "\(path).defaults", problem: "expected true or false")
    }
    // NB: a capacity below 1 counts as 1 (`QueueSpecification.capacity`); a policy takes any values,
    // which it clamps where they are used (RetryPolicy), so extreme policies found by P18 can be
    // saved and replayed.
    self.init(
      scenario: SyncScenario(steps: steps), faults: try FaultPlan(r, path: path),
      capacity: try r.integer("capacity", in: Self.capacities),
      policy: RetryPolicy(
        initialDelay: try policy.number("initialDelay"), maxDelay: try policy.number("maxDelay"),
        maxRetries: try policy.integer("maxRetries")),
      defaults: defaults)
    if defaults,
      capacity != QueueSpecification.defaultCapacity || self.policy != QueueSpecification.defaultPolicy
    {
      throw InputDecodingError(
        path: "\(path).defaults",
        problem:
          "a queue with no settings has capacity 1000 and policy 1 s, 60 s, 6 retries; the file gives others")
    }
  }

  /// Capacities a scenario file may give (below 1 counts as 1).
  static let capacities = -1_000_000...1_000_000
}
