import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension FaultPlan {
  /// Reads the `faults` array of `reader`, a fault's name for each call, naming the first problem.
  package init(_ reader: JSONReader, path: String) throws {
    let faults = try reader.array("faults").enumerated().map { index, value -> Fault in
      guard let name = value.stringValue, let fault = Fault(rawValue: name) else {
        throw InputDecodingError(
          path: "\(path).faults[\(index)]", problem: "expected one of \(Fault.allCases.map(\.rawValue))")
      }
      return fault
    }
    self.init(faults)
  }
}

extension SimulationInput {
  /// Reads `json`'s form: capacity, policy, faults and steps.
  public init(json: JSON, path: String = "input") throws {
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
  package static let capacities = -1_000_000...1_000_000
}

extension SyncScenario.Step {
  package init(json: JSON, path: String) throws {
    switch json {
    case .string("process"): self = .process
    case .string("goOffline"): self = .goOffline
    case .string("goOnline"): self = .goOnline
    case .string("signOut"): self = .signOut
    case .string("signIn"): self = .signIn
    case .string("restart"): self = .restart
    case .object(let members) where members.count == 1 && members[0].0 == "advanceTime":
      guard case .integer(let seconds) = members[0].1, let whole = Int(exactly: seconds), whole >= 0 else {
        throw InputDecodingError(path: "\(path).advanceTime", problem: "expected whole seconds")
      }
      self = .advanceTime(seconds: whole)
    case .object(let members) where members.count == 1 && members[0].0 == "retryFailed":
      guard case .integer(let number) = members[0].1, let operation = Int(exactly: number), operation >= 0
      else {
        throw InputDecodingError(path: "\(path).retryFailed", problem: "expected an operation number ≥ 0")
      }
      self = .retryFailed(operation: operation)
    case .object(let members) where members.count == 1 && members[0].0 == "remove":
      guard case .integer(let number) = members[0].1, let operation = Int(exactly: number), operation >= 0
      else {
        throw InputDecodingError(path: "\(path).remove", problem: "expected an operation number ≥ 0")
      }
      self = .remove(operation: operation)
    case .object(let members) where members.count == 1 && members[0].0 == "upgrade":
      let r = try JSONReader(members[0].1, path: "\(path).upgrade")
      self = .upgrade(
        capacity: try r.integer("capacity", in: SimulationInput.capacities),
        maxRetries: try r.integer("maxRetries"))
    case .object(let members) where members.count == 1 && members[0].0 == "enqueue":
      let r = try JSONReader(members[0].1, path: "\(path).enqueue")
      self = .enqueue(
        try r.rawEnum("kind", SyncScenario.OperationKind.self), entity: try r.integer("entity"),
        type: try r.rawEnum("type", SyncScenario.EntityKind.self))
    default:
      throw InputDecodingError(
        path: path,
        problem:
          "expected \"process\", \"goOffline\", \"goOnline\", \"signOut\", \"signIn\", \"restart\", {\"advanceTime\": seconds}, {\"upgrade\": {…}}, {\"retryFailed\": n}, {\"remove\": n} or {\"enqueue\": {…}}"
      )
    }
  }
}
