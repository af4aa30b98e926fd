import CountMeContract
import CountMeCore
import PropertyHarness

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
