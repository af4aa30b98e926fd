import CountMeCore
import Foundation

/// A Firestore value, as the SDK hands it back.
///
/// NB: not `indirect` (an array and a map hold their values out of line), so a value is not boxed.
public enum DocumentValue: Sendable {
  case null
  case boolean(Bool)
  case integer(Int64)
  case double(Double)
  case string(String)
  case timestamp(Timestamp)
  /// A `bytesValue`: the SDK hands it over as `Data`.
  case bytes(Data)
  /// A `referenceValue`: a path to another document.
  case reference(DocumentReference)
  /// A `geoPointValue`.
  case geoPoint(GeoPoint)
  case array([DocumentValue])
  case map(Document)

  /// The value as the Firestore SDK would put it in a `[String: Any]`.
  ///
  /// `NSNull`, `Bool`, `Int64`, `Double`, `String`, `Timestamp`, `Data`, `DocumentReference`, `GeoPoint`,
  /// `[Any]` or `[String: Any]`.
  public var native: Any {
    switch self {
    case .null: return NSNull()
    case .boolean(let value): return value
    case .integer(let value): return value
    case .double(let value): return value
    case .string(let value): return value
    case .timestamp(let value): return value
    case .bytes(let value): return value
    case .reference(let value): return value
    case .geoPoint(let value): return value
    case .array(let values): return values.map(\.native)
    case .map(let document): return document.dictionary
    }
  }
}

/// A Firestore document (or map) with its fields in a fixed order.
///
/// Built by appending fields in a fixed order and never by walking a `Dictionary`, so the same
/// draws give the same document, byte for byte, in every process.
public struct Document: Sendable {
  /// One named field.
  public struct Field: Sendable {
    /// The field's key.
    public let name: String
    /// The field's value.
    public let value: DocumentValue
  }

  /// The fields, in the order they were added.
  public private(set) var fields: [Field]

  /// Creates a `Document` from its parts.
  public init(_ fields: [(String, DocumentValue)] = []) {
    self.fields = fields.map { Field(name: $0.0, value: $0.1) }
  }

  /// The value of field `name`; setting replaces it in place, appends it, or (nil) removes it.
  public subscript(name: String) -> DocumentValue? {
    get { fields.first { $0.name == name }?.value }
    set {
      let index = fields.firstIndex { $0.name == name }
      switch (index, newValue) {
      case (let index?, let value?): fields[index] = Field(name: name, value: value)
      case (let index?, nil): fields.remove(at: index)
      case (nil, let value?): fields.append(Field(name: name, value: value))
      case (nil, nil): break
      }
    }
  }

  /// The document as the `[String: Any]` that `fromFirestoreData` takes.
  public var dictionary: [String: Any] {
    var result: [String: Any] = [:]
    for field in fields { result[field.name] = field.value.native }
    return result
  }
}

extension DocumentValue: Equatable {
  /// Equality by value, with doubles compared by bit pattern.
  ///
  /// Equality by value, with doubles compared by bit pattern (so NaN equals NaN and -0.0 differs
  /// from 0.0): two documents are equal when they would encode to the same bytes.
  public static func == (lhs: DocumentValue, rhs: DocumentValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): return a == b
    case (.timestamp(let a), .timestamp(let b)): return a == b
    case (.bytes(let a), .bytes(let b)): return a == b
    case (.reference(let a), .reference(let b)): return a == b
    case (.geoPoint(let a), .geoPoint(let b)):
      return a.latitude.bitPattern == b.latitude.bitPattern
        && a.longitude.bitPattern == b.longitude.bitPattern
    case (.array(let a), .array(let b)): return a == b
    case (.map(let a), .map(let b)): return a == b
    default: return false
    }
  }
}

extension Document: Equatable {
  /// Equal fields in the same order.
  public static func == (lhs: Document, rhs: Document) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
  }
}

/// How a client SDK hands a document's numbers and booleans to `fromFirestoreData`.
public enum ClientShape: String, Sendable, CaseIterable {
  /// Swift values: `Bool`, `Int64`, `Double`, as the generators build them.
  case swift
  /// The iOS SDK: every number and boolean an `NSNumber`, booleans the two boolean singletons,
  /// integers and doubles each of their own kind.
  case iOS
  /// Android and web clients: a whole number as a 64-bit integer, even one the app wrote as a double.
  case android
}

extension DocumentValue {
  /// The value as a client of `shape` hands it over.
  public func native(_ shape: ClientShape) -> Any {
    switch (shape, self) {
    case (.swift, _): return native
    case (.iOS, .boolean(let flag)): return NSNumber(value: flag)
    case (.iOS, .integer(let number)): return NSNumber(value: number)
    case (.iOS, .double(let number)): return NSNumber(value: number)
    case (.android, .double(let number))
    where number == number.rounded() && number.magnitude < 0x1p63 && !(number == 0 && number.sign == .minus):
      return Int64(number)
    case (_, .array(let values)): return values.map { $0.native(shape) }
    case (_, .map(let document)): return document.dictionary(shape)
    default: return native
    }
  }
}

extension Document {
  /// The document as a client of `shape` hands it to `fromFirestoreData`.
  public func dictionary(_ shape: ClientShape) -> [String: Any] {
    var result: [String: Any] = [:]
    for field in fields { result[field.name] = field.value.native(shape) }
    return result
  }
}
