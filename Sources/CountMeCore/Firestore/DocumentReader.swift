import Foundation

/// Reads the fields of one Firestore document (or a map nested in one), turning every problem into
/// the `SyncError` that names it.
///
/// A missing or `null` required field is `missingField`; a present field of the wrong type is
/// `wrongType`, optional or not (it is never dropped to `nil`); a value that breaks a rule is
/// `invalidData`. Extra keys are never looked at, so unknown keys are ignored.
struct DocumentReader {
  let data: [String: Any]
  let model: String
  /// Path of this map inside the document, e.g. `ingredients[2].`; empty at the top level.
  let prefix: String

  init(_ data: [String: Any], model: String, prefix: String = "") {
    self.data = data
    self.model = model
    self.prefix = prefix
  }

  private func present(_ key: String) -> Any? {
    guard let value = data[key], !FirestoreValue.isNull(value) else { return nil }
    return value
  }

  private func optional<T>(_ key: String, _ expected: String, _ convert: (Any) -> T?) throws -> T? {
    guard let raw = present(key) else { return nil }
    guard let value = convert(raw) else {
      throw SyncError.wrongType(model: model, field: prefix + key, expected: expected)
    }
    return value
  }

  private func required<T>(_ key: String, _ expected: String, _ convert: (Any) -> T?) throws -> T {
    guard let value = try optional(key, expected, convert) else {
      throw SyncError.missingField(model: model, field: prefix + key)
    }
    return value
  }

  func string(_ key: String) throws -> String { try required(key, "string") { $0 as? String } }
  func optionalString(_ key: String) throws -> String? { try optional(key, "string") { $0 as? String } }
  func number(_ key: String) throws -> Double { try required(key, "number", FirestoreValue.number) }
  func optionalNumber(_ key: String) throws -> Double? {
    try optional(key, "number", FirestoreValue.number)
  }
  func integer(_ key: String) throws -> Int64 { try required(key, "integer", FirestoreValue.integer) }
  /// An array field whose every element is a map; an element that is not is `wrongType` at its
  /// index (`ingredients[1]`, expected "map").
  ///
  /// NB: an array of maps, as the codec and the SDKs hand one over, is cast as a whole: reading it
  /// `as? [Any]` boxed every element again, 44,000 instructions for one custom meal's array.
  func maps(_ key: String) throws -> [[String: Any]] {
    let raw = try required(key, "array") { $0 }
    if let maps = raw as? [[String: Any]] { return maps }
    guard let items = raw as? [Any] else {
      throw SyncError.wrongType(model: model, field: prefix + key, expected: "array")
    }
    var maps: [[String: Any]] = []
    maps.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      guard let map = item as? [String: Any] else {
        throw SyncError.wrongType(model: model, field: "\(prefix)\(key)[\(index)]", expected: "map")
      }
      maps.append(map)
    }
    return maps
  }
  func uuid(_ key: String) throws -> UUID {
    try required(key, "UUID string") { ($0 as? String).flatMap(CanonicalUUID.parse) }
  }

  func rawEnum<E: RawRepresentable>(_ key: String, _ type: E.Type) throws -> E where E.RawValue == String {
    try required(key, "\(E.self) raw value") { ($0 as? String).flatMap(E.init(rawValue:)) }
  }

  /// A timestamp field as a `Date`; a timestamp outside Firestore's range is `invalidData`.
  func date(_ key: String) throws -> Date {
    let timestamp = try required(key, "timestamp") { $0 as? Timestamp }
    guard timestamp.isInFirestoreRange else {
      throw invalid(
        key, .outOfRange, "\(timestamp.seconds)s\(timestamp.nanoseconds)ns",
        "the timestamp is outside years 0001…9999")
    }
    return timestamp.dateValue()
  }

  /// A number field that must be finite and at least 0: a log's `totalCalories`, which a sum of
  /// valid calories can be nothing else.
  func total(_ key: String) throws -> Double {
    let value = try number(key)
    guard value.isFinite else {
      throw invalid(key, .nonFinite, DataViolation.token(value), "it is not a finite number")
    }
    guard value >= 0 else { throw invalid(key, .negative, DataViolation.token(value), "it is below 0") }
    return value
  }

  /// A string field that must have a visible character (a document's `userId`, `exerciseType`).
  func visibleString(_ key: String) throws -> String {
    let value = try string(key)
    guard VisibleText.hasVisibleCharacter(value) else {
      throw invalid(key, .empty, DataViolation.token(value), "it has no visible character")
    }
    return value
  }

  /// An array field whose every element is a string.
  func strings(_ key: String) throws -> [String] {
    try required(key, "array of strings") { raw in
      guard let items = raw as? [Any] else { return nil }
      let strings = items.compactMap { $0 as? String }
      return strings.count == items.count ? strings : nil
    }
  }

  /// `invalidData` for field `key`, breaking `rule` with `value` (a token), explained by `detail`.
  func invalid(_ key: String, _ rule: ValidationRule, _ value: String, _ detail: String) -> SyncError {
    .invalidData(DataViolation(model: model, field: prefix + key, rule: rule, value: value, detail: detail))
  }

  /// The value of `key` in this map as a violation's token.
  func token(_ key: String) -> String {
    switch data[key] {
    case let text as String: return DataViolation.token(text)
    case let items as [Any]: return items.isEmpty ? "[]" : "[\(items.count) items]"
    case let raw?: return FirestoreValue.number(raw).map(DataViolation.token) ?? "?"
    case nil: return "?"
    }
  }

  /// Runs a validating initialiser, turning its `ValidationError` into `SyncError.invalidData`.
  ///
  /// Runs a validating initialiser, turning its `ValidationError` into `SyncError.invalidData` with
  /// a reason that names the model, the field path and the value.
  func validated<T>(_ build: () throws -> T) throws -> T {
    do {
      return try build()
    } catch let error as ValidationError {
      throw invalid(error.field, error.rule, token(error.field), error.errorDescription ?? "\(error)")
    }
  }
}
