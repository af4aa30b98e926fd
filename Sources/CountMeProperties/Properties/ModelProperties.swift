import CountMeCore
import Generators
import PropertyHarness

/// The shapes of properties 1–10: valid arguments construct a model holding exactly them; invalid
/// ones are rejected with a `ValidationError` that names a rule the input breaks.
enum ModelProperties {
  static func acceptance<A: JSONRepresentable & Sendable>(
    _ number: Int, _ name: String, _ validates: [String], _ generator: Generator<Tagged<A>>,
    make: @escaping @Sendable (A) throws -> A
  ) -> AnyProperty {
    AnyProperty(
      Property(
        number: number, name: name, validates: validates, generator: generator, describe: \.json,
        expectation: { _ in CorpusExpectation.accepted.json }
      ) { input in
        do {
          let made = try make(input.value)
          guard let difference = JSONDifference.first(expected: input.value.json, actual: made.json) else {
            return .pass
          }
          return .fail(
            observed: "the model differs from its arguments at \(difference)",
            expected: "the model holds exactly its arguments")
        } catch {
          return .fail(observed: "threw \(describe(error))", expected: "construction succeeds")
        }
      })
  }

  static func rejection<A: JSONRepresentable & Sendable>(
    _ number: Int, _ name: String, _ validates: [String], _ generator: Generator<Tagged<A>>,
    make: @escaping @Sendable (A) throws -> A
  ) -> AnyProperty {
    AnyProperty(
      Property(
        number: number, name: name, validates: validates, generator: generator, describe: \.json,
        expectation: { CorpusExpectation.rejection($0.violations)?.json ?? .null }
      ) { input in
        let expected = "a ValidationError for one of \(input.violations.map(\.tag).joined(separator: ", "))"
        do {
          _ = try make(input.value)
          return .fail(observed: "construction succeeded", expected: expected)
        } catch let error as ValidationError {
          if input.violations.contains(Violation(error)) { return .pass }
          return .fail(observed: "threw \(describe(error)) (\(Violation(error).tag))", expected: expected)
        } catch {
          return .fail(observed: "threw \(describe(error))", expected: expected)
        }
      })
  }

  /// An error as `Type.case(values)`.
  static func describe(_ error: any Error) -> String { "\(type(of: error)).\(error)" }
}
