import Generators

/// Which parts of a shrunk counterexample can change freely: Hypothesis's explain phase.
///
/// Hypothesis's explain phase: after shrinking, each labelled part of the counterexample (a
/// model's field, as its generator names it) is drawn anew a few times with everything else kept,
/// and the report says which parts can change freely without the failure going away ("any name,
/// protein, carbohydrates, fats: only calories matters").
///
/// Deterministic: the new draws come from seeds derived from the case's.
public struct Explanation: Sendable, Equatable {
  /// The parts that took other values in every try and the property still failed.
  public let free: [String]
  /// The parts with a value that made the property pass.
  public let matters: [String]
  /// Tries per part.
  public let tries: Int

  /// `{"free": [...], "matters": [...], "tries": 8}`, for the JSON report.
  public var json: JSON {
    .object([
      ("free", .array(free.map(JSON.string))), ("matters", .array(matters.map(JSON.string))),
      ("tries", .integer(Int64(tries))),
    ])
  }

  /// The sentence a report prints, e.g. "any name, protein (8 tries each): only calories matters".
  public var sentence: String {
    let any = "any \(free.joined(separator: ", ")) (\(tries) tries each)"
    guard !matters.isEmpty else { return any + ": no part tried matters alone" }
    return any + ": only \(matters.joined(separator: ", ")) \(matters.count == 1 ? "matters" : "matter")"
  }
}

enum Explainer {
  /// Tries per part.
  static let tries = 8
  /// Labels that name no part of a value: the combinators' own spans (an array's elements, a
  /// filter's candidates, `frequency`'s branches).
  static func isStructural(_ label: String) -> Bool {
    ["element", "item", "filter"].contains(label) || label.hasPrefix("branch")
  }

  /// What `check` says of `choices`' value with each part drawn anew.
  ///
  /// Nil when no part can vary (no labelled part, or none whose new draws change the value) or none is free.
  static func explain<Value>(
    _ generator: Generator<Value>, choices: [UInt64], seed: UInt64, describe: (Value) -> JSON,
    fails: (Value) -> Bool
  ) -> Explanation? {
    guard let start = try? generator.replay(choices) else { return nil }
    let shown = describe(start.value)
    let parts = start.spans.filter { !isStructural($0.label) }
    guard let shallowest = parts.map(\.depth).min() else { return nil }
    var free: [String] = [], matters: [String] = []
    for (index, part) in parts.filter({ $0.depth == shallowest }).sorted(by: { $0.start < $1.start })
      .enumerated()
    where !free.contains(part.label) && !matters.contains(part.label) {
      var changed = false, passed = false
      for attempt in 0..<tries {
        let partSeed = Seed.derive(seed, UInt64(index * tries + attempt))
        guard let again = try? generator.replay(choices, fresh: part, seed: partSeed) else { continue }
        guard describe(again.value) != shown else { continue }
        changed = true
        if !fails(again.value) {
          passed = true
          break
        }
      }
      if passed { matters.append(part.label) } else if changed { free.append(part.label) }
    }
    return free.isEmpty ? nil : Explanation(free: free, matters: matters, tries: tries)
  }
}
