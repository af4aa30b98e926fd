import Foundation

/// A property's id: a suite prefix of letters and its number in that suite's own document, e.g.
/// `P2`, `F19` or `W1.4` (dotted section numbers are kept).
///
/// The harness gives the prefix no meaning; a catalog decides its suites. Ids of one suite order by
/// their numbers component by component (`W1.4 < W1.10 < W2.1`), which is what ranges such as
/// `F19-F21` select.
public struct PropertyID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The suite prefix, e.g. `"P"`.
  public let suite: String
  /// The number's components: `[19]` for `F19`, `[1, 4]` for `W1.4`.
  public let numbers: [Int]

  /// Parses `<letters><number>[.<number>…]`; nil for anything else (no sign, no empty component).
  public init?(_ text: some StringProtocol) {
    let letters = text.prefix { $0.isASCII && $0.isLetter }
    let rest = text.dropFirst(letters.count)
    guard !letters.isEmpty, !rest.isEmpty else { return nil }
    var numbers: [Int] = []
    for part in rest.split(separator: ".", omittingEmptySubsequences: false) {
      guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else {
        return nil
      }
      numbers.append(number)
    }
    self.init(suite: String(letters), numbers: numbers)
  }

  /// The id `suite` followed by `numbers` joined with dots.
  public init(suite: String, numbers: [Int]) {
    self.suite = suite
    self.numbers = numbers
  }

  /// How reports print it.
  public var description: String { suite + numbers.map(String.init).joined(separator: ".") }

  /// Orders by suite, then by number component by component.
  public static func < (lhs: PropertyID, rhs: PropertyID) -> Bool {
    if lhs.suite != rhs.suite { return lhs.suite < rhs.suite }
    return lhs.numbers.lexicographicallyPrecedes(rhs.numbers)
  }
}

extension PropertyID: ExpressibleByStringLiteral {
  /// An id written in the source, e.g. `"F19"`; a malformed literal is a programming error.
  public init(stringLiteral text: String) {
    guard let id = PropertyID(text) else { preconditionFailure("malformed property id literal '\(text)'") }
    self = id
  }
}

/// Which properties to run: every id a selection text names, among those a catalog has.
public enum PropertySelection {
  /// Why a selection could not be read; `message` is one line for a person.
  public struct Problem: Error, Equatable, Sendable {
    /// What is wrong, in one line.
    public let message: String
  }

  /// The ids `text` selects among `available`, in the order of `available`.
  ///
  /// `text` is a comma-separated list of ids (`P2`), ranges within one suite (`F19-F21`, every
  /// available id between the two, both included) and suite names (`F`, or a name from `suites`
  /// such as `firebase`), each selecting every id of that suite. Every id named must exist, and a
  /// suite named must have a property: a selection never comes out empty. With
  /// `bareNumbers`, a number without a prefix (`2`, `1-12`) is an id of that suite.
  public static func select(
    _ text: String, from available: [PropertyID], suites: [String: String] = [:], bareNumbers: String? = nil
  ) throws(Problem) -> [PropertyID] {
    var chosen: Set<PropertyID> = []
    let known = Set(available)
    for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
      let part = raw.trimmingCharacters(in: .whitespaces)
      if let prefix = suites[part.lowercased()] ?? (available.contains { $0.suite == part } ? part : nil) {
        let members = available.filter { $0.suite == prefix }
        // NB: an empty suite would run nothing and report "all 0 properties passed".
        guard !members.isEmpty else {
          throw Problem(message: "the suite '\(part)' (\(prefix)…) has no properties yet")
        }
        chosen.formUnion(members)
        continue
      }
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { bound in
        PropertyID(bound) ?? bareNumbers.flatMap { PropertyID($0 + bound) }
      }
      guard (1...2).contains(bounds.count), let low = bounds.first ?? nil, let high = bounds.last ?? nil
      else {
        throw Problem(message: "'\(part)' is not a property id, a range such as F19-F21, or a suite name")
      }
      for id in [low, high] where !known.contains(id) {
        throw Problem(message: "no property \(id)")
      }
      guard low.suite == high.suite, low <= high else {
        throw Problem(message: "the range \(part) must go upward within one suite")
      }
      chosen.formUnion(available.filter { $0.suite == low.suite && low <= $0 && $0 <= high })
    }
    return available.filter(chosen.contains)
  }
}
