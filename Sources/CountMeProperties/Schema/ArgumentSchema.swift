import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// How one kind of field is written in an input's JSON and read back, naming the path of a problem.
struct FieldCodec<Value>: Sendable {
  let encode: @Sendable (Value) -> JSON
  let decode: @Sendable (JSONReader, String) throws -> Value

  static var uuid: FieldCodec<UUID> {
    FieldCodec<UUID>(encode: { .string($0.uuidString) }, decode: { try $0.uuid($1) })
  }
  static var text: FieldCodec<String> {
    FieldCodec<String>(encode: { .string($0) }, decode: { try $0.string($1) })
  }
  static var optionalText: FieldCodec<String?> {
    FieldCodec<String?>(encode: { $0.map(JSON.string) ?? .null }, decode: { try $0.optionalString($1) })
  }
  static var number: FieldCodec<Double> {
    FieldCodec<Double>(encode: JSON.number, decode: { try $0.number($1) })
  }
  static var optionalNumber: FieldCodec<Double?> {
    FieldCodec<Double?>(encode: { $0.map(JSON.number) ?? .null }, decode: { try $0.optionalNumber($1) })
  }
  /// RFC 3339 in UTC, to the nanosecond, by the harness's own arithmetic (never `Timestamp(date:)`).
  static var date: FieldCodec<Date> {
    FieldCodec<Date>(encode: { .string(FirestoreTime.text($0)) }, decode: { try $0.date($1) })
  }

  /// A closed enum by its raw value.
  static func raw<E: RawRepresentable & Sendable>(_: E.Type) -> FieldCodec<E> where E.RawValue == String {
    FieldCodec<E>(encode: { .string($0.rawValue) }, decode: { try $0.rawEnum($1, E.self) })
  }

  /// An array of nested arguments, each read at its index's path.
  static func list<Element>(_ schema: ArgumentSchema<Element>) -> FieldCodec<[Element]> {
    FieldCodec<[Element]>(
      encode: { .array($0.map(schema.json)) },
      decode: { reader, key in
        try reader.array(key).enumerated().map { try schema.decode($1, path: "\(reader.path).\(key)[\($0)]") }
      })
  }
}

/// One field of a model's arguments: its name (the parameter's, the document's key) and its codec.
struct ArgumentField<Arguments>: Sendable {
  let name: String
  let encode: @Sendable (Arguments) -> JSON
  let decode: @Sendable (JSONReader, inout Arguments) throws -> Void

  init<Value>(
    _ name: String, _ keyPath: WritableKeyPath<Arguments, Value> & Sendable, _ codec: FieldCodec<Value>
  ) {
    self.name = name
    encode = { codec.encode($0[keyPath: keyPath]) }
    decode = { reader, arguments in arguments[keyPath: keyPath] = try codec.decode(reader, name) }
  }
}

/// A model's fields, stated once, in the initialiser's order: they give the input's JSON both ways
/// (reports, `sample`, corpus files) and the keys the document oracle compares.
struct ArgumentSchema<Arguments>: Sendable {
  let fields: [ArgumentField<Arguments>]
  /// Where decoding starts; every field is then read into it.
  let blank: @Sendable () -> Arguments

  /// The field names, in order.
  var names: [String] { fields.map(\.name) }

  /// The arguments as a JSON object keyed by parameter name, in order.
  func json(_ arguments: Arguments) -> JSON { .object(fields.map { ($0.name, $0.encode(arguments)) }) }

  /// Reads what `json(_:)` writes.
  ///
  /// - Throws: `InputDecodingError` naming the path of the first problem.
  func decode(_ json: JSON, path: String) throws -> Arguments {
    let reader = try JSONReader(json, path: path)
    var arguments = blank()
    for field in fields { try field.decode(reader, &arguments) }
    return arguments
  }
}
