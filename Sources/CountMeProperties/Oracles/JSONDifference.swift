import PropertyHarness

enum JSONDifference {
  /// The first place where `actual` differs from `expected`; nil when they are equal.
  ///
  /// The first place where `actual` differs from `expected`, as "path: expected X, got Y"; nil when
  /// they are equal (doubles by bit pattern, strings by scalars).
  static func first(expected: JSON, actual: JSON, path: String = "") -> String? {
    guard let (trail, message) = difference(expected, actual) else { return nil }
    var here = path
    for step in trail.reversed() {
      switch step {
      case .key(let key): here = here.isEmpty ? key : "\(here).\(key)"
      case .index(let index): here += "[\(index)]"
      }
    }
    return "\(here): \(message)"
  }

  private enum Step {
    case key(String)
    case index(Int)
  }

  /// The first difference and the steps to it, innermost first.
  ///
  /// NB: the path is built only once a difference is found: the model oracles compare every case, and almost
  /// every case is equal.
  private static func difference(_ expected: JSON, _ actual: JSON) -> (trail: [Step], message: String)? {
    switch (expected, actual) {
    case (.object(let wanted), .object(let got)):
      for (key, value) in wanted {
        guard let other = got.first(where: { $0.0 == key })?.1 else { return ([.key(key)], "missing") }
        if var found = difference(value, other) {
          found.trail.append(.key(key))
          return found
        }
      }
      return nil
    case (.array(let wanted), .array(let got)):
      guard wanted.count == got.count else {
        return ([], "expected \(wanted.count) elements, got \(got.count)")
      }
      for (index, (value, other)) in zip(wanted, got).enumerated() {
        if var found = difference(value, other) {
          found.trail.append(.index(index))
          return found
        }
      }
      return nil
    default:
      return expected == actual ? nil : ([], "expected \(expected.text()), got \(actual.text())")
    }
  }
}
