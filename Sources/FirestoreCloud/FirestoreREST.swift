import CountMeCore
import Foundation
import JSONValues

/// Firestore's REST typed-value JSON, both ways, so a document fetched from a real Firestore can be
/// used unchanged.
///
/// | Firestore value | REST JSON |
/// | --- | --- |
/// | null | `{"nullValue": null}`, or `"NULL_VALUE"` as the API's enum name |
/// | Bool | `{"booleanValue": true}` |
/// | integer | `{"integerValue": "150"}` (a string, as Firestore writes 64-bit integers) |
/// | double | `{"doubleValue": 12.5}`, or `"NaN"`, `"Infinity"`, `"-Infinity"` |
/// | string | `{"stringValue": "Oats"}` |
/// | Timestamp | `{"timestampValue": "2026-01-19T08:00:00.125Z"}` |
/// | Data (bytes) | `{"bytesValue": "<base64>"}` |
/// | DocumentReference | `{"referenceValue": "projects/p/databases/(default)/documents/users/u/…"}` |
/// | GeoPoint | `{"geoPointValue": {"latitude": 51.5, "longitude": -0.12}}` |
/// | array | `{"arrayValue": {"values": [ … ]}}` (`{"arrayValue": {}}` when empty) |
/// | map | `{"mapValue": {"fields": { … }}}` |
///
/// A document is `{"fields": { … }}`, fields printed in sorted order. NB: a timestamp Firestore
/// can't hold (before year 1, after 9999, or nanoseconds outside 0..<1e9) has no RFC 3339 form; it
/// is written `{"timestampValue": {"seconds": "…", "nanos": …}}`, an extension read back the same way.
public enum FirestoreREST {
  /// The REST JSON of a document.
  public static func encode(_ document: Document) -> JSON {
    .object([("fields", fields(document))])
  }

  static func fields(_ document: Document) -> JSON {
    .object(
      document.fields.sorted {
        $0.name.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.name.unicodeScalars.map(\.value))
      }
      .map { ($0.name, encode($0.value)) })
  }

  /// The REST JSON of one value.
  public static func encode(_ value: DocumentValue) -> JSON {
    switch value {
    case .null: return .object([("nullValue", .null)])
    case .boolean(let flag): return .object([("booleanValue", .bool(flag))])
    case .integer(let number): return .object([("integerValue", .string(String(number)))])
    case .double(let number): return .object([("doubleValue", .number(number))])
    case .string(let text): return .object([("stringValue", .string(text))])
    case .timestamp(let stamp):
      if FirestoreTime.isStorable(stamp) {
        return .object([("timestampValue", .string(RFC3339.format(stamp)))])
      }
      return .object([
        (
          "timestampValue",
          .object([
            ("seconds", .string(String(stamp.seconds))), ("nanos", .integer(Int64(stamp.nanoseconds))),
          ])
        )
      ])
    case .bytes(let data): return .object([("bytesValue", .string(data.base64EncodedString()))])
    case .reference(let reference): return .object([("referenceValue", .string(reference.path))])
    case .geoPoint(let point):
      return .object([
        (
          "geoPointValue",
          .object([("latitude", .number(point.latitude)), ("longitude", .number(point.longitude))])
        )
      ])
    case .array(let values):
      return .object([
        ("arrayValue", values.isEmpty ? .object([]) : .object([("values", .array(values.map(encode)))]))
      ])
    case .map(let document): return .object([("mapValue", .object([("fields", fields(document))]))])
    }
  }

  /// Why REST JSON could not be read, with the path of the offending value.
  public struct DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is, e.g. `fields.ingredients[0]`.
    public let path: String
    /// What is wrong.
    public let problem: String
    /// How reports print it.
    public var description: String { "\(path): \(problem)" }
  }

  /// The document a REST JSON object holds (`{"fields": {…}}`; a document with no fields may omit it).
  ///
  /// - Throws: `DecodingError` naming the path of a value it cannot read.
  public static func decodeDocument(_ json: JSON) throws -> Document {
    guard case .object(let members) = json else {
      throw DecodingError(path: "document", problem: "not an object")
    }
    if let unknown = members.first(where: { !["fields", "name", "createTime", "updateTime"].contains($0.0) })
    {
      throw DecodingError(path: "document", problem: "unknown key \"\(unknown.0)\"")
    }
    return try decodeFields(json["fields"] ?? .object([]), path: "fields")
  }

  static func decodeFields(_ json: JSON, path: String) throws -> Document {
    guard case .object(let members) = json else {
      throw DecodingError(path: path, problem: "fields is not an object")
    }
    return Document(
      try members.map { name, value in (name, try decodeValue(value, path: "\(path).\(name)")) })
  }

  /// One typed value, e.g. `{"integerValue": "2"}`.
  public static func decodeValue(_ json: JSON, path: String = "value") throws -> DocumentValue {
    guard case .object(let members) = json, members.count == 1, let (kind, payload) = members.first else {
      throw DecodingError(
        path: path,
        problem: "a typed value is an object with exactly one key, such as {\"stringValue\": \"x\"}")
    }
    func fail(_ problem: String) -> DecodingError { DecodingError(path: path, problem: "\(kind) \(problem)") }
    switch (kind, payload) {
    case ("nullValue", .null), ("nullValue", .string("NULL_VALUE")): return .null
    case ("bytesValue", .string(let text)):
      guard let data = Data(base64Encoded: text) else { throw fail("\"\(text)\" is not base64") }
      return .bytes(data)
    case ("referenceValue", .string(let path)):
      guard !path.isEmpty else { throw fail("is an empty path") }
      return .reference(DocumentReference(path: path))
    case ("geoPointValue", .object(let members)):
      // NB: proto3 JSON leaves out a coordinate that is 0.
      if let unknown = members.first(where: { !["latitude", "longitude"].contains($0.0) }) {
        throw fail("has an unknown key \"\(unknown.0)\"")
      }
      let latitude = payload["latitude"].map { $0.numberValue } ?? 0
      let longitude = payload["longitude"].map { $0.numberValue } ?? 0
      guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude)
      else {
        throw fail("must hold a latitude in -90...90 and a longitude in -180...180")
      }
      return .geoPoint(GeoPoint(latitude: latitude, longitude: longitude))
    case ("booleanValue", .bool(let flag)): return .boolean(flag)
    case ("integerValue", .string(let text)):
      guard let number = Int64(text) else { throw fail("\"\(text)\" is not a 64-bit integer") }
      return .integer(number)
    case ("integerValue", .integer(let number)): return .integer(number)
    case ("doubleValue", _):
      guard let number = payload.numberValue else {
        throw fail("must be a number or \"NaN\", \"Infinity\", \"-Infinity\"")
      }
      return .double(number)
    case ("stringValue", .string(let text)): return .string(text)
    case ("timestampValue", .string(let text)):
      guard let stamp = RFC3339.parse(text) else {
        throw fail("\"\(text)\" is not an RFC 3339 time in years 1–9999")
      }
      return .timestamp(stamp)
    case ("timestampValue", .object):
      guard let seconds = payload["seconds"]?.stringValue.flatMap({ Int64($0) }),
        case .integer(let nanos)? = payload["nanos"], let nanoseconds = Int32(exactly: nanos)
      else { throw fail("object must be {\"seconds\": \"<int64>\", \"nanos\": <int32>}") }
      return .timestamp(Timestamp(seconds: seconds, nanoseconds: nanoseconds))
    case ("arrayValue", .object):
      guard let values = payload["values"] else { return .array([]) }
      guard case .array(let items) = values else { throw fail("values must be an array") }
      return .array(try items.enumerated().map { try decodeValue($1, path: "\(path)[\($0)]") })
    case ("mapValue", .object):
      return .map(try decodeFields(payload["fields"] ?? .object([]), path: "\(path).fields"))
    default:
      throw DecodingError(
        path: path, problem: "unknown typed value \(kind) or wrong payload \(payload.text())")
    }
  }
}

extension Document {
  /// The document a `[String: Any]` holds, fields sorted by name.
  ///
  /// Reads the types the Firestore SDK hands back: `NSNull`, `Bool` (or an `NSNumber` made from one),
  /// every integer type, `Double`, `Float`, `String`, `Timestamp`, `Data`, `DocumentReference`,
  /// `GeoPoint`, `[Any]`, `[String: Any]`.
  /// - Throws: `FirestoreREST.DecodingError` naming the path of any other value.
  public init(native dictionary: [String: Any], path: String = "document") throws {
    // NB: pairs sorted by key, not `dictionary[key] as Any`, which would box an Optional and defeat
    // the exact-type checks that tell an NSNumber from a Bool.
    self.init(
      try dictionary.sorted { $0.key < $1.key }.map { key, value in
        (key, try DocumentValue(native: value, path: "\(path).\(key)"))
      })
  }
}

extension DocumentValue {
  /// The value a Firestore SDK value holds; see `Document(native:)`.
  public init(native value: Any, path: String = "value") throws {
    switch value {
    case is NSNull: self = .null
    case let number as NSNumber where type(of: value) is NSNumber.Type:
      if number === NSNumber(value: true) || number === NSNumber(value: false) {
        self = .boolean(number.boolValue)
      } else if let integer = Int64(exactly: number.doubleValue), String(cString: number.objCType) != "d",
        String(cString: number.objCType) != "f"
      {
        self = .integer(integer)
      } else {
        self = .double(number.doubleValue)
      }
    case let flag as Bool: self = .boolean(flag)
    case let number as Double: self = .double(number)
    case let number as Float: self = .double(Double(number))
    case let number as Int: self = .integer(Int64(number))
    case let number as Int64: self = .integer(number)
    case let number as Int32: self = .integer(Int64(number))
    case let number as Int16: self = .integer(Int64(number))
    case let number as Int8: self = .integer(Int64(number))
    case let number as UInt32: self = .integer(Int64(number))
    case let number as UInt16: self = .integer(Int64(number))
    case let number as UInt8: self = .integer(Int64(number))
    case let text as String: self = .string(text)
    case let stamp as Timestamp: self = .timestamp(stamp)
    case let data as Data: self = .bytes(data)
    case let reference as DocumentReference: self = .reference(reference)
    case let point as GeoPoint: self = .geoPoint(point)
    case let values as [Any]:
      self = .array(try values.enumerated().map { try DocumentValue(native: $1, path: "\(path)[\($0)]") })
    case let map as [String: Any]: self = .map(try Document(native: map, path: path))
    default:
      throw FirestoreREST.DecodingError(path: path, problem: "\(type(of: value)) is not a Firestore value")
    }
  }
}
