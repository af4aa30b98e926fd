import CountMeContract
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

// An input's JSON (reports, `sample`, corpus files), both ways, from the model's schema: an object
// keyed by argument name, in the schema's order; dates as RFC 3339 in UTC to the nanosecond by the
// harness's own arithmetic (never `Timestamp(date:)`); an absent optional as null.

extension ModelSchema {
  /// The arguments as a JSON object keyed by argument name, in order.
  package func json(_ arguments: Arguments) -> JSON { FieldJSON.object(values(arguments), shapes) }

  /// Reads what `json(_:)` writes.
  ///
  /// - Throws: `InputDecodingError` naming the path of the first problem.
  package func decode(_ json: JSON, path: String) throws -> Arguments {
    arguments(try FieldJSON.record(try JSONReader(json, path: path), shapes))
  }
}

/// `FieldValue`s as JSON and back, guided by the kind each field holds.
enum FieldJSON {
  static func object(_ values: [FieldValue], _ shapes: [FieldShape]) -> JSON {
    var members: [(String, JSON)] = []
    members.reserveCapacity(shapes.count)
    for (shape, value) in zip(shapes, values) { members.append((shape.name, json(value, shape.kind))) }
    return .object(members)
  }

  package static func json(_ value: FieldValue, _ kind: FieldKind) -> JSON {
    switch value {
    case .uuid(let id): return .string(id.uuidText)
    case .text(let text): return .string(text)
    case .number(let number): return .number(number)
    case .integer(let integer): return .integer(Int64(integer))
    case .date(let date): return .string(FirestoreTime.text(date))
    case .absent: return .null
    case .records(let records):
      guard case .list(let shapes) = kind else { preconditionFailure("records in a field of kind \(kind)") }
      return .array(records.map { object($0, shapes) })
    }
  }

  static func record(_ reader: JSONReader, _ shapes: [FieldShape]) throws -> [FieldValue] {
    try shapes.map { try value(reader, $0.name, $0.kind) }
  }

  static func value(_ reader: JSONReader, _ key: String, _ kind: FieldKind) throws -> FieldValue {
    switch kind {
    case .uuid: return .uuid(try reader.uuid(key))
    case .text: return .text(try reader.string(key))
    case .number: return .number(try reader.number(key))
    case .integer: return .integer(try reader.integer(key))
    case .date: return .date(try reader.date(key))
    case .enumeration(let isKnown):
      let text = try reader.string(key)
      guard isKnown(text) else { throw reader.fail(key, "unknown value \"\(text)\"") }
      return .text(text)
    case .optional(let wrapped):
      if reader.json[key] == nil || reader.json[key] == .null { return .absent }
      return try value(reader, key, wrapped)
    case .list(let shapes):
      return .records(
        try reader.array(key).enumerated().map { index, element in
          try record(try JSONReader(element, path: "\(reader.path).\(key)[\(index)]"), shapes)
        })
    }
  }
}
