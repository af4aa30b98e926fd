import CountMeContract
import CountMeCore
import PropertyHarness

/// One way an input may be rejected: the error case and the field it must name, and the model when
/// it matters (a property knows it; a corpus file leaves it to the property).
public struct Rejection: Equatable, Sendable, CustomStringConvertible {
  /// The model, when it matters.
  public let model: String?
  /// A `ValidationError` case name (`caloriesExceedMax`), or `invalidData`, `missingField`, `wrongType`.
  public let error: String
  /// The field, or its path inside the document (`ingredients[1].quantity`).
  public let field: String
  /// The `ValidationRule` broken, when the error says (compared when an expectation gives it).
  public let rule: ValidationRule?

  /// Creates a `Rejection` from its parts.
  public init(model: String?, error: String, field: String, rule: ValidationRule? = nil) {
    self.model = model
    self.error = error
    self.field = field
    self.rule = rule
  }

  /// The rule as a corpus file records it: for `invalidData` only, since a `ValidationError`'s
  /// name (`caloriesExceedMax`) already says it.
  var corpusRule: String? { error == "invalidData" ? rule?.rawValue : nil }

  /// How reports print it.
  public var description: String {
    "\(error) for \(model.map { "\($0)." } ?? "")\(field)" + (rule.map { " (\($0.rawValue))" } ?? "")
  }
}

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

/// What an implementation did with one input.
public enum Observation: Sendable, CustomStringConvertible {
  /// Accepted; the value it built, in the input's JSON form.
  case accepted(Deferred<JSON>)
  /// Rejected with this error (`detail` is its message).
  case rejected(Rejection, detail: Deferred<String>)
  /// The scenario ran and the property's invariant held.
  case holds
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

extension CorpusExpectation {
  /// The expectation a corpus file states, for any model.
  var expectation: Expectation {
    switch self {
    case .accepted: return .accepted
    case .holds: return .holds("the property holds")
    case .broken: return .broken
    case .rejected(let error, let field, let rule):
      return .rejected([
        Rejection(model: nil, error: error, field: field, rule: rule.flatMap(ValidationRule.init))
      ])
    }
  }
}

/// A value made only when something reads it: what an observation carries for reports.
///
/// NB: nearly every observation a property makes is the expected one, which nobody prints; making
/// each rejection's message up front took a tenth of a model property's time, and each accepted
/// model's JSON a fifth.
public struct Deferred<Value>: Sendable, CustomStringConvertible {
  private let make: @Sendable () -> Value

  /// A value already made.
  public init(_ value: Value) where Value: Sendable { make = { value } }

  /// The value `make` makes, when asked (each time: it is read at most once or twice).
  init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  /// The value.
  public var value: Value { make() }
  /// How reports print it.
  public var description: String { "\(value)" }
}
