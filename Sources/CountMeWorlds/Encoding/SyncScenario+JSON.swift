import CountMeContract
import CountMeGenerators
import Generators
import PropertyHarness

extension SyncScenario: JSONRepresentable {
  /// The scenario as JSON: `{"steps": [...]}`.
  ///
  /// `{"steps": [...]}`, each step an object such as `{"enqueue": {"kind": "create", "entity": 3,
  /// "type": "foodItem"}}`, `{"advanceTime": 60}`, or a bare string such as `"process"`.
  package var json: JSON {
    .object([
      (
        "steps",
        .array(
          steps.map { step in
            switch step {
            case .enqueue(let kind, let entity, let type):
              return .object([
                (
                  "enqueue",
                  .object([
                    ("kind", .string(kind.rawValue)), ("entity", .integer(Int64(entity))),
                    ("type", .string(type.rawValue)),
                  ])
                )
              ])
            case .advanceTime(let seconds): return .object([("advanceTime", .integer(Int64(seconds)))])
            case .process: return .string("process")
            case .goOffline: return .string("goOffline")
            case .goOnline: return .string("goOnline")
            case .signOut: return .string("signOut")
            case .signIn: return .string("signIn")
            case .restart: return .string("restart")
            case .retryFailed(let operation): return .object([("retryFailed", .integer(Int64(operation)))])
            case .remove(let operation): return .object([("remove", .integer(Int64(operation)))])
            case .upgrade(let capacity, let retries):
              return .object([
                (
                  "upgrade",
                  .object([("capacity", .integer(Int64(capacity))), ("maxRetries", .integer(Int64(retries)))])
                )
              ])
            }
          })
      )
    ])
  }
}
