import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators

/// Compares the document an implementation writes for a model with the one the schema says it writes.
///
/// Compares the `[String: Any]` an implementation writes for a model with the document the schema
/// says it writes (`AppDocument`), reading the values as the Firestore SDK would store them.
///
/// A number may be written as any Swift or Foundation number of the same value, a whole number (a
/// goal) as any Swift integer or integer `NSNumber` of the same value, never a floating-point one
/// (the SDK would store a double, which an Android `getLong` reader does not expect); an id as a UUID
/// string in either case (both read back); a date as a `Timestamp` with the same parts or a `Date`
/// naming the same instant. An absent optional field may also be written as null. Anything else
/// (a missing field, an extra one, another type, another value) is a difference.
enum WrittenDocumentOracle {
  /// The first place `actual` differs from `expected`, as "path: expected X, got Y"; nil when none.
  static func firstDifference(expected: Document, actual: [String: Any], path: String = "") -> String? {
    for field in expected.fields {
      let here = path.isEmpty ? field.name : "\(path).\(field.name)"
      guard let value = actual[field.name] else { return "\(here): missing" }
      if let difference = self.difference(field.value, value, key: field.name, path: here) {
        return difference
      }
    }
    let known = Set(expected.fields.map(\.name))
    for key in actual.keys.sorted() where !known.contains(key) {
      guard let value = actual[key], !(value is NSNull) else { continue }
      return "\(path.isEmpty ? key : "\(path).\(key)"): not in the schema, got \(describe(value))"
    }
    return nil
  }

  private static func difference(_ expected: DocumentValue, _ actual: Any, key: String, path: String)
    -> String?
  {
    func differs() -> String {
      "\(path): expected \(FirestoreREST.encode(expected).text()), got \(describe(actual))"
    }
    switch expected {
    case .double(let number):
      guard let written = self.number(actual), written == number || (written.isNaN && number.isNaN) else {
        return differs()
      }
      return nil
    case .integer(let number):
      return integer(actual) == number ? nil : differs()
    case .string(let text) where key == "id":
      guard let written = actual as? String, let id = UUID(uuidText: written), id == UUID(uuidText: text)
      else { return differs() }
      return nil
    case .string(let text):
      return (actual as? String) == text ? nil : differs()
    case .timestamp(let stamp):
      if let written = actual as? Timestamp, written == stamp { return nil }
      if let written = actual as? Date, written == FirestoreTime.date(stamp) { return nil }
      return differs()
    case .array(let items):
      guard let written = actual as? [Any], written.count == items.count else { return differs() }
      for (index, (item, value)) in zip(items, written).enumerated() {
        if let difference = difference(item, value, key: "", path: "\(path)[\(index)]") { return difference }
      }
      return nil
    case .map(let map):
      guard let written = actual as? [String: Any] else { return differs() }
      return firstDifference(expected: map, actual: written, path: path)
    default:
      return differs()
    }
  }

  /// A written number's value: any Swift integer or floating-point type, or an `NSNumber` that is
  /// not a boolean; nil for anything else.
  private static func number(_ value: Any) -> Double? {
    switch value {
    case let number as Double: return number
    case let number as Int64: return Double(exactly: number)
    case let number as Int: return Double(exactly: number)
    case let number as Int32: return Double(number)
    case let number as Float: return Double(number)
    case let number as NSNumber where !(value is Bool): return number.doubleValue
    default: return nil
    }
  }

  /// A written whole number's value; nil for anything else.
  ///
  /// A written whole number's value: any Swift integer type, or an `NSNumber` holding an integer
  /// (not a boolean); nil for a floating-point value and anything else.
  private static func integer(_ value: Any) -> Int64? {
    switch value {
    case let number as Int: return Int64(number)
    case let number as Int64: return number
    case let number as Int32: return Int64(number)
    case let number as Int16: return Int64(number)
    case let number as UInt32: return Int64(number)
    case let number as NSNumber where type(of: value) is NSNumber.Type:
      // The booleans by identity: on Linux `NSNumber(value: 1) is Bool` is true.
      let isBoolean = number === NSNumber(value: true) || number === NSNumber(value: false)
      let kind = String(cString: number.objCType)
      return isBoolean || kind == "d" || kind == "f" ? nil : number.int64Value
    default: return nil
    }
  }

  private static func describe(_ value: Any) -> String { "\(value) (\(type(of: value)))" }
}
