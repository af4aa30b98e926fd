import Foundation

/// Reads the loosely typed values of a Firestore dictionary.
enum FirestoreValue {
  /// The number `value` holds, as a Double, or `nil` when it holds no number.
  ///
  /// Accepts every number Firestore hands back: Double, Float, any fixed-width integer and an
  /// `NSNumber` of either kind (integers beyond 2^53 become the nearest Double). A Bool is not a
  /// number. NB: on Linux `NSNumber(value: 1) is Bool` is true, so Bool is told apart by its exact
  /// type, and an `NSNumber` by identity with the two boolean singletons.
  static func number(_ value: Any) -> Double? {
    // NB: a Double, what the codec writes, is read at once: the first case below bridged it to a
    // new `NSNumber` before finding its type was not one.
    if type(of: value) == Double.self, let double = value as? Double { return double }
    switch value {
    case let number as NSNumber where type(of: value) is NSNumber.Type:
      let isBoolean = number === NSNumber(value: true) || number === NSNumber(value: false)
      return isBoolean ? nil : number.doubleValue
    case is Bool: return nil
    case let v as Double: return v
    case let v as Float: return Double(v)
    case let v as Int: return Double(v)
    case let v as Int64: return Double(v)
    case let v as Int32: return Double(v)
    case let v as Int16: return Double(v)
    case let v as Int8: return Double(v)
    case let v as UInt: return Double(v)
    case let v as UInt64: return Double(v)
    case let v as UInt32: return Double(v)
    case let v as UInt16: return Double(v)
    case let v as UInt8: return Double(v)
    default: return nil
    }
  }

  /// The integer `value` holds, or `nil` when it holds none: any fixed-width integer that fits in
  /// 64 bits, and an integer `NSNumber`.
  ///
  /// A floating-point number is not an integer, even a whole one (NB: an `NSNumber` is taken as an integer
  /// only when its `Int64` and `Double` agree), and a Bool is not a number.
  static func integer(_ value: Any) -> Int64? {
    switch value {
    case let number as NSNumber where type(of: value) is NSNumber.Type:
      guard number !== NSNumber(value: true), number !== NSNumber(value: false) else { return nil }
      let whole = number.int64Value
      return Double(whole) == number.doubleValue ? whole : nil
    case is Bool, is Double, is Float: return nil
    case let v as Int: return Int64(v)
    case let v as Int64: return v
    case let v as Int32: return Int64(v)
    case let v as Int16: return Int64(v)
    case let v as Int8: return Int64(v)
    case let v as UInt: return Int64(exactly: v)
    case let v as UInt64: return Int64(exactly: v)
    case let v as UInt32: return Int64(v)
    case let v as UInt16: return Int64(v)
    case let v as UInt8: return Int64(v)
    default: return nil
    }
  }

  /// True when `value` is Firestore's null.
  static func isNull(_ value: Any) -> Bool { value is NSNull }
}
