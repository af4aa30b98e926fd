import PropertyHarness

enum JSONDifference {
  /// The first place where `actual` differs from `expected`, as "path: expected X, got Y"; nil when
  /// they are equal (doubles by bit pattern, strings by scalars).
  static func first(expected: JSON, actual: JSON, path: String = "") -> String? {
    switch (expected, actual) {
    case (.object(let wanted), .object(let got)):
      for (key, value) in wanted {
        let here = path.isEmpty ? key : "\(path).\(key)"
        guard let other = got.first(where: { $0.0 == key })?.1 else { return "\(here): missing" }
        if let difference = first(expected: value, actual: other, path: here) { return difference }
      }
      return nil
    case (.array(let wanted), .array(let got)):
      guard wanted.count == got.count else {
        return "\(path): expected \(wanted.count) elements, got \(got.count)"
      }
      for (index, (value, other)) in zip(wanted, got).enumerated() {
        if let difference = first(expected: value, actual: other, path: "\(path)[\(index)]") {
          return difference
        }
      }
      return nil
    default:
      return expected == actual ? nil : "\(path): expected \(expected.text()), got \(actual.text())"
    }
  }
}
