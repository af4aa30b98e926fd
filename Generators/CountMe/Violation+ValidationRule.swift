import CountMeCore
import Generators

extension Violation {
  /// The violation of CountMeCore's rule `kind` by `field` of `model`.
  package init(model: String, field: String, kind: ValidationRule) {
    self.init(model: model, field: field, rule: kind.rawValue)
  }

  /// The violation a `ValidationError` reports.
  package init(_ error: ValidationError) {
    self.init(model: error.modelType, field: error.field, kind: error.rule)
  }

  /// The CountMeCore rule this violation names; nil for a rule CountMeCore has no case for.
  package var kind: ValidationRule? { ValidationRule(rawValue: rule) }
}
