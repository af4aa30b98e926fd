import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// Why a JSON input could not be read, with the path of the value.
public struct InputDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where the problem is, e.g. `input.ingredients[1].quantity`.
  public let path: String
  /// What is wrong.
  public let problem: String
  /// How reports print it.
  public var description: String { "\(path): \(problem)" }
}

/// Reads the fields of one JSON object, naming the path of any problem.
struct JSONReader {
  let json: JSON
  let path: String

  init(_ json: JSON, path: String) throws {
    guard case .object = json else { throw InputDecodingError(path: path, problem: "expected an object") }
    self.json = json
    self.path = path
  }

  func fail(_ key: String, _ problem: String) -> InputDecodingError {
    InputDecodingError(path: "\(path).\(key)", problem: problem)
  }

  func value(_ key: String) throws -> JSON {
    guard let value = json[key] else { throw fail(key, "missing") }
    return value
  }

  func string(_ key: String) throws -> String {
    guard let text = try value(key).stringValue else { throw fail(key, "expected a string") }
    return text
  }

  /// The boolean at `key`; false when absent.
  func optionalBool(_ key: String) throws -> Bool {
    guard let value = json[key] else { return false }
    guard case .bool(let flag) = value else { throw fail(key, "expected true or false") }
    return flag
  }

  func optionalString(_ key: String) throws -> String? {
    if json[key] == nil || json[key] == .null { return nil }
    return try string(key)
  }

  func number(_ key: String) throws -> Double {
    guard let number = try value(key).numberValue else {
      throw fail(key, "expected a number, or \"NaN\", \"Infinity\", \"-Infinity\"")
    }
    return number
  }

  func optionalNumber(_ key: String) throws -> Double? {
    if json[key] == nil || json[key] == .null { return nil }
    return try number(key)
  }

  func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int {
    let value = try integer(key)
    guard range.contains(value) else { throw fail(key, "expected a whole number in \(range), not \(value)") }
    return value
  }

  func integer(_ key: String) throws -> Int {
    guard case .integer(let number) = try value(key), let integer = Int(exactly: number) else {
      throw fail(key, "expected a whole number")
    }
    return integer
  }

  func uuid(_ key: String) throws -> UUID {
    guard let id = UUID(uuidText: try string(key)) else { throw fail(key, "expected a UUID") }
    return id
  }

  func date(_ key: String) throws -> Date {
    guard let stamp = RFC3339.parse(try string(key)) else {
      throw fail(key, "expected an RFC 3339 time such as 2026-01-19T08:00:00Z")
    }
    return FirestoreTime.date(stamp)
  }

  func rawEnum<E: RawRepresentable>(_ key: String, _ type: E.Type) throws -> E where E.RawValue == String {
    let text = try string(key)
    guard let value = E(rawValue: text) else { throw fail(key, "unknown value \"\(text)\"") }
    return value
  }

  func array(_ key: String) throws -> [JSON] {
    guard case .array(let values) = try value(key) else { throw fail(key, "expected an array") }
    return values
  }

  /// The whole numbers in `range` of array `key`; empty when `key` is absent (optional is for
  /// fields added after files were written).
  func integers(_ key: String, in range: ClosedRange<Int>, optional: Bool = false) throws -> [Int] {
    if optional && json[key] == nil { return [] }
    return try array(key).enumerated().map { index, value in
      guard case .integer(let number) = value, let small = Int(exactly: number), range.contains(small) else {
        throw InputDecodingError(
          path: "\(path).\(key)[\(index)]", problem: "expected a whole number in \(range)")
      }
      return small
    }
  }
}

extension FaultPlan {
  /// Reads the `faults` array of `reader`, a fault's name for each call, naming the first problem.
  init(_ reader: JSONReader, path: String) throws {
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
  static let capacities = -1_000_000...1_000_000
}

extension SyncScenario.Step {
  init(json: JSON, path: String) throws {
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
