import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension WorkoutAppScenario {
  /// `{"app": true, "steps": [{"do": "save", "entity": 0, "variant": 3}, {"do": "push", "outcome": "denied"}, …]}`.
  ///
  /// `"app": true` tells it from a run of the queue alone (`WorkoutQueueScenario`), which W1.8 also reads.
  var json: JSON { .object([("app", .bool(true)), ("steps", .array(steps.map(\.json)))]) }

  /// Reads a scenario, naming the path of the first problem.
  static func decode(_ json: JSON) throws -> WorkoutAppScenario {
    let r = try JSONReader(json, path: "input")
    return WorkoutAppScenario(
      steps: try r.array("steps").enumerated().map { index, step in
        try Step.decode(step, path: "input.steps[\(index)]")
      })
  }
}

extension WorkoutAppScenario.Step {
  var json: JSON {
    switch self {
    case .save(let entity, let variant):
      return .object([
        ("do", .string("save")), ("entity", .integer(Int64(entity))), ("variant", .integer(Int64(variant))),
      ])
    case .delete(let entity):
      return .object([("do", .string("delete")), ("entity", .integer(Int64(entity)))])
    case .push(let outcome):
      return .object([("do", .string("push")), ("outcome", .string(outcome.rawValue))])
    case .wait(let seconds): return .object([("do", .string("wait")), ("seconds", .integer(Int64(seconds)))])
    case .offline: return .object([("do", .string("offline"))])
    case .online: return .object([("do", .string("online"))])
    }
  }

  static func decode(_ json: JSON, path: String) throws -> Self {
    let r = try JSONReader(json, path: path)
    let what = try r.string("do")
    switch what {
    case "save":
      return .save(entity: try r.integer("entity", in: 0...2), variant: try r.integer("variant", in: 0...99))
    case "delete": return .delete(entity: try r.integer("entity", in: 0...2))
    case "push":
      let name = try r.string("outcome")
      let outcomes = WorkoutAppScenario.outcomes
      guard let outcome = outcomes.first(where: { $0.rawValue == name }) else {
        throw r.fail("outcome", "expected one of \(outcomes.map(\.rawValue)), not \"\(name)\"")
      }
      return .push(outcome)
    case "wait": return .wait(seconds: try r.integer("seconds", in: 0...(400 * 86_400)))
    case "offline": return .offline
    case "online": return .online
    default:
      throw r.fail("do", "expected save, delete, push, wait, offline or online, not \"\(what)\"")
    }
  }
}
