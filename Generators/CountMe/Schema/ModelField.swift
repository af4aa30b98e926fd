import CountMeContract
import CountMeCore
import FirestoreCloud
import Foundation
import Generators

/// One field of a model, stated once: the argument it is, and how the app's document holds it.
///
/// One field of a model, stated once: the argument it is (its key path and kind) and how the app's
/// document holds it (its key, what may be corrupted, how it is written).
///
/// A field may be an argument only (a daily log's items, stored as documents of their own) or the document's
/// only (a log's total and item ids, derived from its items).
package struct ModelField<Arguments>: Sendable {
  /// The argument's name and document key.
  package let name: String
  /// What the argument holds; nil for a field only the document has.
  package let kind: FieldKind?
  let get: (@Sendable (Arguments) -> FieldValue)?
  let set: (@Sendable (inout Arguments, FieldValue) -> Void)?
  /// Whether two arguments hold the same value here: their `get`s equal, found without them.
  let same: (@Sendable (Arguments, Arguments) -> Bool)?
  /// The document field, for the corruption generators; nil when the document leaves it out.
  let spec: FieldSpec?
  /// The value the app writes, or nil to leave the key out.
  let write: (@Sendable (Arguments) -> DocumentValue?)?

  init<Value>(
    _ name: String, _ path: WritableKeyPath<Arguments, Value> & Sendable, kind: FieldKind,
    document: FieldSpec.Kind?, required: Bool = true, value: @escaping @Sendable (Value) -> FieldValue,
    from: @escaping @Sendable (FieldValue) -> Value?, written: @escaping @Sendable (Value) -> DocumentValue?,
    same sameValue: (@Sendable (Value, Value) -> Bool)? = nil
  ) {
    self.name = name
    self.kind = kind
    let read = Self.reader(path)
    get = { value(read($0)) }
    let compare = sameValue ?? { value($0) == value($1) }
    same = { compare(read($0), read($1)) }
    set = { arguments, field in
      guard let decoded = from(field) else { preconditionFailure("\(name): \(field) is not a \(Value.self)") }
      arguments[keyPath: path] = decoded
    }
    spec = document.map { FieldSpec(name, $0, required: required) }
    if document == nil {
      write = nil
    } else {
      write = { written(read($0)) }
    }
  }

  /// Reads `path` of the arguments.
  ///
  /// A stored property is read at its byte offset (`MemoryLayout.offset(of:)`), any other path as a key path.
  /// (A key path read goes through the runtime's unspecialized projection, which looks up generic metadata on
  /// every call: it was a third of P1's instructions, for the two reads of each field a case makes.)
  static func reader<Value>(_ path: WritableKeyPath<Arguments, Value> & Sendable)
    -> @Sendable (Arguments) -> Value
  {
    guard let offset = MemoryLayout<Arguments>.offset(of: path) else { return { $0[keyPath: path] } }
    return { arguments in
      withUnsafeBytes(of: arguments) { $0.load(fromByteOffset: offset, as: Value.self) }
    }
  }

  private init(
    _ name: String, document: FieldSpec.Kind, write: @escaping @Sendable (Arguments) -> DocumentValue?
  ) {
    self.name = name
    kind = nil
    get = nil
    set = nil
    same = nil
    spec = FieldSpec(name, document)
    self.write = write
  }

  /// An id, written as the upper-case `uuidString`.
  static func uuid(_ name: String, _ path: WritableKeyPath<Arguments, UUID> & Sendable) -> Self {
    Self(
      name, path, kind: .uuid, document: .uuid, value: FieldValue.uuid,
      from: { if case .uuid(let id) = $0 { id } else { nil } }, written: { .string($0.uuidText) })
  }

  /// A string with a visible character (names, units, owners), required.
  static func text(_ name: String, _ path: WritableKeyPath<Arguments, String> & Sendable) -> Self {
    Self(
      name, path, kind: .text, document: .visibleText, value: FieldValue.text, from: Self.text,
      written: DocumentValue.string)
  }

  /// Any string, or nil (left out of the document).
  static func optionalText(_ name: String, _ path: WritableKeyPath<Arguments, String?> & Sendable)
    -> Self
  {
    Self(
      name, path, kind: .optional(.text), document: .text, required: false,
      value: { $0.map(FieldValue.text) ?? .absent }, from: { optional($0, text) },
      written: { $0.map(DocumentValue.string) })
  }

  /// A number, valid unless it breaks one of `rules` (`max` for `aboveMax`).
  static func number(
    _ name: String, _ path: WritableKeyPath<Arguments, Double> & Sendable, rules: [ValidationRule],
    max: Double = 0
  ) -> Self {
    Self(
      name, path, kind: .number, document: .number(rules: rules, max: max), value: FieldValue.number,
      from: Self.number, written: DocumentValue.double)
  }

  /// A whole number, valid unless it breaks one of `rules`, written as a Firestore integer.
  static func integer(
    _ name: String, _ path: WritableKeyPath<Arguments, Int> & Sendable, rules: [ValidationRule], max: Double
  ) -> Self {
    Self(
      name, path, kind: .integer, document: .integer(rules: rules, max: max), value: FieldValue.integer,
      from: { if case .integer(let integer) = $0 { integer } else { nil } },
      written: { .integer(Int64($0)) })
  }

  /// A number or nil (left out of the document), valid unless it breaks one of `rules`.
  static func optionalNumber(
    _ name: String, _ path: WritableKeyPath<Arguments, Double?> & Sendable, rules: [ValidationRule],
    max: Double
  ) -> Self {
    Self(
      name, path, kind: .optional(.number), document: .number(rules: rules, max: max), required: false,
      value: { $0.map(FieldValue.number) ?? .absent }, from: { optional($0, number) },
      written: { $0.map(DocumentValue.double) })
  }

  /// An instant, written as a Firestore timestamp by the harness's own arithmetic.
  package static func date(_ name: String, _ path: WritableKeyPath<Arguments, Date> & Sendable) -> Self {
    Self(
      name, path, kind: .date, document: .timestamp, value: FieldValue.date,
      from: { if case .date(let date) = $0 { date } else { nil } },
      written: { .timestamp(FirestoreTime.stamp($0)) })
  }

  /// A closed enum, written by its raw value.
  static func enumeration<E: RawRepresentable & Sendable>(
    _ name: String, _ path: WritableKeyPath<Arguments, E> & Sendable
  ) -> Self where E.RawValue == String {
    Self(
      name, path, kind: .enumeration(isKnown: { E(rawValue: $0) != nil }), document: .enumeration,
      value: { .text($0.rawValue) }, from: { text($0).flatMap(E.init(rawValue:)) },
      written: { .string($0.rawValue) })
  }

  /// Nested arguments: an array of maps in the document, or left out of it.
  ///
  /// Nested arguments: written as an array of maps (a meal's ingredients), or left out of the
  /// document when `inDocument` is false (a log's items, which are documents of their own).
  static func list<Element>(
    _ name: String, _ path: WritableKeyPath<Arguments, [Element]> & Sendable, _ schema: ModelSchema<Element>,
    inDocument: Bool = true
  ) -> Self {
    Self(
      name, path, kind: .list(schema.shapes), document: inDocument ? .ingredients : nil,
      value: { .records($0.map(schema.values)) },
      from: { if case .records(let records) = $0 { records.map(schema.arguments) } else { nil } },
      written: { .array($0.map { .map(schema.document($0)) }) },
      same: { a, b in a.count == b.count && zip(a, b).allSatisfy { schema.sameValues($0, $1) } })
  }

  /// A field only the document has, written from the arguments.
  static func derived(
    _ name: String, _ document: FieldSpec.Kind, write: @escaping @Sendable (Arguments) -> DocumentValue
  ) -> Self {
    Self(name, document: document, write: write)
  }

  /// `.some(nil)` for an absent value, `.some(read(value))` when it reads, nil when it does not.
  private static func optional<Wrapped>(_ value: FieldValue, _ read: (FieldValue) -> Wrapped?) -> Wrapped?? {
    if value == .absent { return .some(nil) }
    return read(value).map { .some($0) }
  }

  private static func text(_ value: FieldValue) -> String? {
    if case .text(let text) = value { text } else { nil }
  }
  private static func number(_ value: FieldValue) -> Double? {
    if case .number(let number) = value { number } else { nil }
  }
}
