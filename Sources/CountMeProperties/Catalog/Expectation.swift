import CountMeContract
import CountMeCore
import PropertyHarness

/// What must happen to an input, as the specification says.
public enum Expectation: Equatable, Sendable, CustomStringConvertible {
  /// Accepted, holding exactly what it was given.
  case accepted
  /// Rejected with one of these.
  case rejected([Rejection])
  /// The property's statement holds over the whole scenario.
  case holds(String)
  /// The property is broken: a known finding's counterexample.
  case broken

  /// How reports print it.
  public var description: String {
    switch self {
    case .accepted: return "accepted, holding exactly its input"
    case .rejected(let ways): return "rejected with " + ways.map(\.description).joined(separator: " or ")
    case .holds(let statement): return statement
    case .broken: return "the property broken (a known finding)"
    }
  }

  /// Whether `observation` is what this expectation asks for.
  func isMet(by observation: Observation) -> Bool {
    switch (self, observation) {
    case (.accepted, .accepted), (.holds, .holds), (.broken, .broke): return true
    case (.rejected(let ways), .rejected(let seen, _)):
      return ways.contains { way in
        (way.model == nil || way.model == seen.model) && (way.rule == nil || way.rule == seen.rule)
          && way.error == seen.error && way.field == seen.field
      }
    default: return false
    }
  }

  /// The verdict on `observation`.
  func verdict(_ observation: Observation) -> Verdict {
    guard !isMet(by: observation) else { return .pass }
    return .fail(observed: observation.description, expected: description, anomaly: observation.anomaly)
  }

  /// As a corpus file records it: the first way of a rejection (the rule checked first).
  var corpus: CorpusExpectation? {
    switch self {
    case .accepted: return .accepted
    case .holds: return .holds
    case .broken: return .broken
    case .rejected(let ways):
      return ways.first.map { .rejected(error: $0.error, field: $0.field, rule: $0.corpusRule) }
    }
  }
}
