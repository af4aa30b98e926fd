import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension WorkoutQueueScenario {
  /// `{"steps": [{"do": "enqueue", "type": "module"}, {"do": "process", "outcome": "denied"}, …]}`.
  var json: JSON { .object([("steps", .array(steps.map(\.json)))]) }

  /// Reads a scenario, naming the path of the first problem.
  static func decode(_ json: JSON) throws -> WorkoutQueueScenario {
    let r = try JSONReader(json, path: "input")
    return WorkoutQueueScenario(
      steps: try r.array("steps").enumerated().map { index, step in
        try Step.decode(step, path: "input.steps[\(index)]")
      })
  }
}

extension WorkoutQueueScenario.Step {
  var json: JSON {
    switch self {
    case .enqueue(let type): return .object([("do", .string("enqueue")), ("type", .string(type.rawValue))])
    case .process(let outcome):
      return .object([("do", .string("process")), ("outcome", .string(outcome.rawValue))])
    case .wait(let seconds): return .object([("do", .string("wait")), ("seconds", .integer(Int64(seconds)))])
    case .offline: return .object([("do", .string("offline"))])
    case .online: return .object([("do", .string("online"))])
    case .restart: return .object([("do", .string("restart"))])
    }
  }

  static func decode(_ json: JSON, path: String) throws -> Self {
    let r = try JSONReader(json, path: path)
    let what = try r.string("do")
    switch what {
    case "enqueue":
      let name = try r.string("type")
      guard let type = EntityType(rawValue: name), EntityType.workoutTypes.contains(type) else {
        throw r.fail("type", "expected one of \(EntityType.workoutTypes.map(\.rawValue)), not \"\(name)\"")
      }
      return .enqueue(type)
    case "process":
      let name = try r.string("outcome")
      guard let outcome = WorkoutQueueScenario.Outcome(rawValue: name) else {
        throw r.fail(
          "outcome",
          "expected one of \(WorkoutQueueScenario.Outcome.allCases.map(\.rawValue)), not \"\(name)\"")
      }
      return .process(outcome)
    case "wait": return .wait(seconds: try r.integer("seconds", in: 0...(400 * 86_400)))
    case "offline": return .offline
    case "online": return .online
    case "restart": return .restart
    default:
      throw r.fail("do", "expected enqueue, process, wait, offline, online or restart, not \"\(what)\"")
    }
  }
}
