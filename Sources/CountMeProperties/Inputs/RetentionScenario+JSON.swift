import CountMeContract
import CountMeGenerators
import Generators
import PropertyHarness

extension RetentionScenario {
  /// The longest age or time step a corpus file may give: ten years, in milliseconds.
  static let maxMilliseconds = 3_650 * day

  /// The scenario as JSON.
  ///
  /// `{"skews": [...], "logs": [{"age": ms, "modifiedAge": ms}], "meals": [ms], "goal": ms or null,
  /// "steps": [...]}`, steps as `{"retention": device}`, `{"sync": device}`,
  /// `{"advance": milliseconds}`, `{"editLog": [device, slot, goal]}`,
  /// `{"setGoal": [device, calories]}`, `{"addFood": [device, log, item, calories]}` and
  /// `{"removeFood": [device, log, item]}`.
  var json: JSON {
    func integer(_ value: Int) -> JSON { .integer(Int64(value)) }
    return .object([
      ("skews", .array(skews.map(integer))),
      (
        "logs",
        .array(logs.map { .object([("age", integer($0.age)), ("modifiedAge", integer($0.modifiedAge))]) })
      ),
      ("meals", .array(mealAges.map(integer))),
      ("goal", goalAge.map(integer) ?? .null),
      (
        "steps",
        .array(
          steps.map { step in
            switch step {
            case .retention(let d): return .object([("retention", integer(d))])
            case .sync(let d): return .object([("sync", integer(d))])
            case .advance(let ms): return .object([("advance", integer(ms))])
            case .editLog(let d, let s, let g): return .object([("editLog", .array([d, s, g].map(integer)))])
            case .setGoal(let d, let c): return .object([("setGoal", .array([d, c].map(integer)))])
            case .addFood(let d, let l, let i, let c):
              return .object([("addFood", .array([d, l, i, c].map(integer)))])
            case .removeFood(let d, let l, let i):
              return .object([("removeFood", .array([d, l, i].map(integer)))])
            }
          })
      ),
    ])
  }

  /// Reads `json`'s form, naming the path of the first problem.
  init(json: JSON) throws {
    let reader = try JSONReader(json, path: "input")
    let skews = try reader.integers("skews", in: -Self.day...Self.day)
    guard (1...8).contains(skews.count) else {
      throw InputDecodingError(path: "input.skews", problem: "expected 1 to 8 devices")
    }
    let logs = try reader.array("logs").enumerated().map { index, value in
      let log = try JSONReader(value, path: "input.logs[\(index)]")
      return Log(
        age: try log.integer("age", in: 0...Self.maxMilliseconds),
        modifiedAge: try log.integer("modifiedAge", in: 0...Self.maxMilliseconds))
    }
    guard (1...16).contains(logs.count) else {
      throw InputDecodingError(path: "input.logs", problem: "expected 1 to 16 logs")
    }
    let meals = try reader.integers("meals", in: 0...Self.maxMilliseconds)
    guard meals.count <= 16 else {
      throw InputDecodingError(path: "input.meals", problem: "expected at most 16")
    }
    let goal: Int? =
      try reader.value("goal") == .null ? nil : try reader.integer("goal", in: 0...Self.maxMilliseconds)
    let steps = try reader.array("steps").enumerated().map { index, value in
      try Self.step(value, path: "input.steps[\(index)]", devices: skews.count, logs: logs.count)
    }
    self.init(skews: skews, logs: logs, mealAges: meals, goalAge: goal, steps: steps)
  }

  private static func step(_ json: JSON, path: String, devices: Int, logs: Int) throws -> Step {
    let names = "retention, sync, advance, editLog, setGoal, addFood, removeFood"
    guard case .object(let members) = json, members.count == 1 else {
      throw InputDecodingError(path: path, problem: "expected one of \(names)")
    }
    let (name, value) = members[0]
    let at = "\(path).\(name)"
    func whole(_ value: JSON, in range: ClosedRange<Int>, _ what: String) throws -> Int {
      guard case .integer(let n) = value, let whole = Int(exactly: n), range.contains(whole) else {
        throw InputDecodingError(path: at, problem: "expected \(what) in \(range)")
      }
      return whole
    }
    func numbers(_ count: Int) throws -> [JSON] {
      guard case .array(let items) = value, items.count == count else {
        throw InputDecodingError(path: at, problem: "expected \(count) whole numbers")
      }
      return items
    }
    let device = 0...(devices - 1)
    switch name {
    case "retention": return .retention(device: try whole(value, in: device, "a device"))
    case "sync": return .sync(device: try whole(value, in: device, "a device"))
    case "advance": return .advance(milliseconds: try whole(value, in: 0...maxMilliseconds, "milliseconds"))
    case "editLog":
      let n = try numbers(3)
      return .editLog(
        device: try whole(n[0], in: device, "a device"), slot: try whole(n[1], in: 0...(logs - 1), "a log"),
        goal: try whole(n[2], in: 0...50_000, "a goal"))
    case "setGoal":
      let n = try numbers(2)
      return .setGoal(
        device: try whole(n[0], in: device, "a device"), calories: try whole(n[1], in: 0...50_000, "a goal"))
    case "addFood":
      let n = try numbers(4)
      return .addFood(
        device: try whole(n[0], in: device, "a device"), log: try whole(n[1], in: 0...(logs - 1), "a log"),
        item: try whole(n[2], in: 0...(itemsPerLog - 1), "an item"),
        calories: try whole(n[3], in: 0...50_000, "calories"))
    case "removeFood":
      let n = try numbers(3)
      return .removeFood(
        device: try whole(n[0], in: device, "a device"), log: try whole(n[1], in: 0...(logs - 1), "a log"),
        item: try whole(n[2], in: 0...(itemsPerLog - 1), "an item"))
    default:
      throw InputDecodingError(path: path, problem: "unknown step \(name): expected \(names)")
    }
  }
}
