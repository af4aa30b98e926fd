import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

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
