import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension ParityScenario {
  /// The scenario as JSON.
  ///
  /// `{"androidSkew": 250, "preFix": [calories, …], "steps": [{"iosSave": [log, calories]}, {"androidSave": [log,
  /// calories]}, "iosSync", "androidSync", "iosOffline", "iosOnline", {"advance": milliseconds},
  /// "iosReinstall"]}`.
  var json: JSON {
    .object([
      ("androidSkew", .integer(Int64(androidSkew))),
      ("preFix", .array(preFix.map { .integer(Int64($0)) })),
      (
        "steps",
        .array(
          steps.map { step in
            switch step {
            case .iosSave(let log, let calories):
              return .object([("iosSave", .array([.integer(Int64(log)), .integer(Int64(calories))]))])
            case .androidSave(let log, let calories):
              return .object([("androidSave", .array([.integer(Int64(log)), .integer(Int64(calories))]))])
            case .iosSync: return .string("iosSync")
            case .androidSync: return .string("androidSync")
            case .iosOffline: return .string("iosOffline")
            case .iosOnline: return .string("iosOnline")
            case .iosReinstall: return .string("iosReinstall")
            case .advance(let milliseconds): return .object([("advance", .integer(Int64(milliseconds)))])
            }
          })
      ),
    ])
  }

  /// Reads `json`'s form, naming the path of the first problem.
  init(json: JSON) throws {
    let reader = try JSONReader(json, path: "input")
    let skew = try reader.integer("androidSkew", in: -86_400_000...86_400_000)
    let steps = try reader.array("steps").enumerated().map { index, value in
      try Self.step(value, path: "input.steps[\(index)]")
    }
    let preFix = try reader.integers("preFix", in: 0...50_000, optional: true)
    guard preFix.count <= Self.logs else {
      throw InputDecodingError(path: "input.preFix", problem: "expected at most \(Self.logs) logs")
    }
    self.init(androidSkew: skew, preFix: preFix, steps: steps)
  }

  private static let names =
    "iosSave, androidSave, iosSync, androidSync, iosOffline, iosOnline, advance, iosReinstall"

  private static func step(_ json: JSON, path: String) throws -> Step {
    switch json {
    case .string("iosSync"): return .iosSync
    case .string("androidSync"): return .androidSync
    case .string("iosOffline"): return .iosOffline
    case .string("iosOnline"): return .iosOnline
    case .string("iosReinstall"): return .iosReinstall
    case .object(let members) where members.count == 1:
      let (name, value) = members[0]
      switch (name, value) {
      case ("iosSave", .array(let parts)), ("androidSave", .array(let parts)):
        guard parts.count == 2, case .integer(let log) = parts[0], (0..<Int64(logs)).contains(log),
          case .integer(let calories) = parts[1], (0...50_000).contains(calories)
        else {
          throw InputDecodingError(
            path: "\(path).\(name)", problem: "expected [log 0 to \(logs - 1), calories 0 to 50000]")
        }
        return name == "iosSave"
          ? .iosSave(log: Int(log), calories: Int(calories))
          : .androidSave(log: Int(log), calories: Int(calories))
      case ("advance", .integer(let milliseconds)) where (0...86_400_000).contains(milliseconds):
        return .advance(milliseconds: Int(milliseconds))
      default: break
      }
    default: break
    }
    throw InputDecodingError(path: path, problem: "expected one of \(names)")
  }
}
