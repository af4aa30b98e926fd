import CountMeContract
import CountMeCore
import FirestoreCloud
import Generators

/// A model's fields, stated once, in the order its document holds them.
///
/// They give the arguments as `FieldValue`s (and so their JSON), the document the app writes (`AppDocument`),
/// the fields the corruption generators break, and the keys the document oracle reads. Adding a field to a
/// model is a line here and a property of its `…Arguments` struct.
package struct ModelSchema<Arguments>: Sendable {
  /// Every field, argument or document, in document order.
  let fields: [ModelField<Arguments>]
  /// The arguments' names and kinds, in order.
  package let shapes: [FieldShape]
  /// Where reading starts; every argument is then set on it.
  let blank: @Sendable () -> Arguments
  // The arguments' accessors, in the order of `shapes` (worked out once: they run for every case).
  private let getters: [@Sendable (Arguments) -> FieldValue]
  private let setters: [@Sendable (inout Arguments, FieldValue) -> Void]
  @usableFromInline let comparisons: [@Sendable (Arguments, Arguments) -> Bool]
  /// The comparisons of every argument but `syncStatus`, in the same order.
  @usableFromInline let contentComparisons: [@Sendable (Arguments, Arguments) -> Bool]

  /// Creates a schema from its fields and a blank value of the arguments.
  package init(_ fields: [ModelField<Arguments>], blank: @escaping @Sendable () -> Arguments) {
    self.fields = fields
    self.blank = blank
    shapes = fields.compactMap { field in field.kind.map { FieldShape(name: field.name, kind: $0) } }
    getters = fields.compactMap(\.get)
    setters = fields.compactMap(\.set)
    comparisons = fields.compactMap(\.same)
    contentComparisons = fields.filter { $0.name != "syncStatus" }.compactMap(\.same)
  }

  /// The value of each argument of `arguments`, in the order of `shapes`.
  package func values(_ arguments: Arguments) -> [FieldValue] {
    var values: [FieldValue] = []
    values.reserveCapacity(getters.count)
    for get in getters { values.append(get(arguments)) }
    return values
  }

  /// Whether `a` and `b` hold the same value in every argument.
  ///
  /// `values(a) == values(b)`, argument by argument, stopping at the first difference, with no arrays built
  /// (a list compares its elements the same way).
  ///
  /// (Inlinable: called across modules for every version a devices run compares, it would otherwise run
  /// unspecialized.)
  @inlinable
  package func sameValues(_ a: Arguments, _ b: Arguments) -> Bool {
    for same in comparisons where !same(a, b) { return false }
    return true
  }

  /// Whether `a` and `b` hold the same content: `sameValues` with `syncStatus` left out, which
  /// says where a version is in its sync, not what it holds.
  ///
  /// (Setting both versions' status alike and comparing every field did the same with two copies of each
  /// version.)
  @inlinable
  package func sameContent(_ a: Arguments, _ b: Arguments) -> Bool {
    for same in contentComparisons where !same(a, b) { return false }
    return true
  }

  /// Arguments holding `values`, given in the order of `shapes` and of the kinds they name.
  package func arguments(_ values: [FieldValue]) -> Arguments {
    precondition(values.count == setters.count, "\(values.count) values for \(setters.count) arguments")
    var arguments = blank()
    for (set, value) in zip(setters, values) { set(&arguments, value) }
    return arguments
  }

  /// The document the app writes for `arguments`: every document field in order, optional ones
  /// only when present.
  package func document(_ arguments: Arguments) -> Document {
    var written: [(String, DocumentValue)] = []
    for field in fields {
      if let value = field.write?(arguments) { written.append((field.name, value)) }
    }
    return Document(written)
  }

  /// The document's fields, for the corruption generators.
  var specs: [FieldSpec] { fields.compactMap(\.spec) }
}
