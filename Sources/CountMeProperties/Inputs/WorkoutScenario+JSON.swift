import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension WorkoutScenario {
  /// `{"devices": 2, "steps": [{"do": "setExercise", "device": 0, …}, …]}`.
  var json: JSON {
    .object(
      [("devices", .integer(Int64(devices))), ("steps", .array(steps.map(\.json)))]
        + (skews.isEmpty ? [] : [("skews", .array(skews.map { .integer(Int64($0)) }))]))
  }

  /// Reads a scenario, naming the path of the first problem.
  static func decode(_ json: JSON) throws -> WorkoutScenario {
    let r = try JSONReader(json, path: "input")
    let devices = try r.integer("devices", in: 1...8)
    let steps = try r.array("steps").enumerated().map { index, step in
      try Step.decode(step, path: "input.steps[\(index)]", devices: devices)
    }
    // Optional: a scenario without skews has every clock right.
    let skews = try r.integers("skews", in: -86_400...86_400, optional: true)
    guard skews.isEmpty || skews.count == devices else {
      throw InputDecodingError(path: "input.skews", problem: "expected one skew per device, \(devices)")
    }
    return WorkoutScenario(devices: devices, steps: steps, skews: skews)
  }
}

extension WorkoutScenario.Step {
  var json: JSON {
    func object(_ name: String, _ fields: [(String, Int)], _ more: [(String, JSON)] = []) -> JSON {
      .object([("do", .string(name))] + fields.map { ($0, .integer(Int64($1))) } + more)
    }
    switch self {
    case .rename(let d, let e, let name):
      return object("rename", [("device", d), ("entity", e)], [("name", .string(name))])
    case .setExercise(let d, let e, let x, let o, let s):
      return object(
        "setExercise", [("device", d), ("entity", e), ("exercise", x), ("order", o), ("sets", s)])
    case .removeExercise(let d, let e, let x):
      return object("removeExercise", [("device", d), ("entity", e), ("exercise", x)])
    case .logSet(let d, let reps): return object("logSet", [("device", d), ("reps", reps)])
    case .delete(let d, let e): return object("delete", [("device", d), ("entity", e)])
    case .sync(let d): return object("sync", [("device", d)])
    case .wait(let seconds): return object("wait", [("seconds", seconds)])
    case .restart(let d, let damaged):
      return object("restart", [("device", d)], [("damaged", .bool(damaged))])
    }
  }

  static func decode(_ json: JSON, path: String, devices: Int) throws -> Self {
    let r = try JSONReader(json, path: path)
    let what = try r.string("do")
    func device() throws -> Int { try r.integer("device", in: 0...(devices - 1)) }
    func template() throws -> Int { try r.integer("entity", in: 0...1) }
    func exercise() throws -> Int { try r.integer("exercise", in: 1...9) }
    switch what {
    case "rename": return .rename(device: try device(), entity: try template(), name: try r.string("name"))
    case "setExercise":
      return .setExercise(
        device: try device(), entity: try template(), exercise: try exercise(),
        order: try r.integer("order", in: -100...100), sets: try r.integer("sets", in: 1...100))
    case "removeExercise":
      return .removeExercise(device: try device(), entity: try template(), exercise: try exercise())
    case "logSet": return .logSet(device: try device(), reps: try r.integer("reps", in: 0...1_000))
    case "delete": return .delete(device: try device(), entity: try r.integer("entity", in: 0...2))
    case "sync": return .sync(device: try device())
    case "wait": return .wait(seconds: try r.integer("seconds", in: 0...(400 * 86_400)))
    case "restart": return .restart(device: try device(), damaged: try r.optionalBool("damaged"))
    default:
      throw r.fail(
        "do",
        "expected rename, setExercise, removeExercise, logSet, delete, sync, wait or restart, not \"\(what)\""
      )
    }
  }
}
