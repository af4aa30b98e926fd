import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

/// The shapes of properties 1–10: valid arguments construct a model, invalid ones are rejected.
///
/// The shapes of properties 1–10: valid arguments construct a model holding exactly them; invalid
/// ones are rejected with a `ValidationError` that names a rule the input breaks.
enum ModelProperties {
  /// Builds the model from arguments `A` with the system under test.
  typealias Make<A> = @Sendable (SystemLayers, A) throws -> A

  /// Valid arguments build a model that holds exactly them.
  static func acceptance<A: JSONRepresentable & Sendable>(
    _ id: PropertyID, _ name: String, validates: [String], _ generator: Generator<Tagged<A>>,
    _ schema: ModelSchema<A>, layer: Layer, make: @escaping Make<A>
  ) -> CatalogProperty {
    spec(id, name, validates, generator, schema, layer: layer, make: make) { _ in .accepted }
  }

  /// Invalid arguments are rejected with an error naming one of the rules they break.
  static func rejection<A: JSONRepresentable & Sendable>(
    _ id: PropertyID, _ name: String, validates: [String], _ generator: Generator<Tagged<A>>,
    _ schema: ModelSchema<A>, layer: Layer, make: @escaping Make<A>
  ) -> CatalogProperty {
    spec(id, name, validates, generator, schema, layer: layer, make: make) { input in
      .rejected(
        input.violations.map {
          Rejection(model: $0.model, error: CorpusExpectation.errorName($0), field: $0.field, rule: $0.kind)
        })
    }
  }

  private static func spec<A: JSONRepresentable & Sendable>(
    _ id: PropertyID, _ name: String, _ validates: [String], _ generator: Generator<Tagged<A>>,
    _ schema: ModelSchema<A>, layer: Layer, make: @escaping Make<A>,
    expect: @escaping @Sendable (Tagged<A>) -> Expectation
  ) -> CatalogProperty {
    PropertySpec(
      id: id, name: name, validates: validates, judges: [layer], killBudget: 1_000,
      generator: { _ in generator },
      encode: schema.json, decode: { json, _ in try schema.decode(json, path: "input") }, expect: expect,
      observe: { arguments, system in construct(arguments, schema) { try make(system, $0) } }
    ).erased
  }

  /// What building a model from `arguments` did.
  ///
  /// Accepted holding exactly them (as their JSON says them), rejected with a `ValidationError`, or something
  /// else (a different model, a foreign error).
  static func construct<A: Sendable>(_ arguments: A, _ schema: ModelSchema<A>, _ make: (A) throws -> A)
    -> Observation
  {
    do {
      let made = try make(arguments)
      // NB: equal values print equal JSON, so the JSON is compared only when the values differ
      // (dates a Double apart but the same to the nanosecond print the same, and pass). The
      // values are compared field by field, with no arrays built: this runs for every case.
      if !schema.sameValues(made, arguments),
        let difference = JSONDifference.first(expected: schema.json(arguments), actual: schema.json(made))
      {
        return .broke("accepted, but the model differs from its arguments at \(difference)")
      }
      return .accepted(Deferred { schema.json(made) })
    } catch let error as ValidationError {
      return .rejected(
        Rejection(model: error.modelType, error: error.name, field: error.field, rule: error.rule),
        detail: Deferred { error.errorDescription ?? "" })
    } catch {
      return .broke("threw \(describe(error))")
    }
  }

  /// An error as `Type.case(values)`.
  static func describe(_ error: any Error) -> String { "\(type(of: error)).\(error)" }
}
