import CountMeContract
import CountMeCore
import PropertyHarness

/// What an implementation did with one input.
public enum Observation: Sendable, CustomStringConvertible {
  /// Accepted; the value it built, in the input's JSON form.
  case accepted(Deferred<JSON>)
  /// Rejected with this error (`detail` is its message).
  case rejected(Rejection, detail: Deferred<String>)
  /// The scenario ran and the property's invariant held.
  case holds
  /// Something no expectation accepts, with its anomaly and step for a sync property.
  ///
  /// Something no expectation accepts: a wrong value, a foreign error, a broken invariant; for a
  /// sync property, the kind of wrong it is, and the scenario step where it broke when one did
  /// (nil: in the state it all ended in).
  case broke(String, anomaly: Anomaly? = nil, step: Int? = nil)

  /// How reports print it.
  public var description: String {
    switch self {
    case .accepted: return "accepted"
    case .holds: return "the property holds"
    case .rejected(let rejection, let detail): return "rejected with \(rejection) (\(detail))"
    case .broke(let problem, _, _): return problem
    }
  }

  /// The kind of wrong a broken sync invariant is.
  var anomaly: Anomaly? {
    guard case .broke(_, let anomaly, _) = self else { return nil }
    return anomaly
  }

  /// The step where a sync invariant broke, when one did.
  var step: Int? {
    guard case .broke(_, _, let step) = self else { return nil }
    return step
  }

  /// The corpus expectation this observation meets, for recording what an implementation does now.
  var expectation: CorpusExpectation? {
    switch self {
    case .accepted: return .accepted
    case .holds: return .holds
    case .rejected(let rejection, _):
      return .rejected(error: rejection.error, field: rejection.field, rule: rejection.corpusRule)
    case .broke: return nil
    }
  }
}
