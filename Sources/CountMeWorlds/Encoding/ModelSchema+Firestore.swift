import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators

// A document's fields read back into arguments by the model's schema: the harness's own reader,
// so that an oracle learns what a document holds without asking the codec it may be judging.

extension ModelSchema {
  /// The arguments `fields` hold, read by each argument's kind.
  ///
  /// An id from its string, a number from any integer or floating type, a whole number from an integer type,
  /// a date from a `Timestamp`'s two parts by the harness's own arithmetic (`FirestoreTime`), an enum by a
  /// raw value it knows, a missing or null optional as absent, a list from an array of maps, each read by the
  /// nested model's fields.
  ///
  /// Nil when a field is missing or of another type. Rules (ranges, visible text) are not checked: this
  /// reads, it does not validate.
  func arguments(reading fields: [String: Any]) -> Arguments? {
    var values: [FieldValue] = []
    values.reserveCapacity(shapes.count)
    for shape in shapes {
      guard let value = Self.read(fields[shape.name], shape.kind) else { return nil }
      values.append(value)
    }
    return arguments(values)
  }

  private static func read(_ raw: Any?, _ kind: FieldKind) -> FieldValue? {
    switch kind {
    case .optional(let wrapped):
      guard let raw, !(raw is NSNull) else { return .absent }
      return read(raw, wrapped)
    case .uuid: return (raw as? String).flatMap(UUID.init(uuidText:)).map { .uuid($0) }
    case .text: return (raw as? String).map { .text($0) }
    case .enumeration(let isKnown): return (raw as? String).flatMap { isKnown($0) ? .text($0) : nil }
    case .number:
      if let number = raw as? Double { return .number(number) }
      if let number = raw as? Int { return .number(Double(number)) }
      return (raw as? Int64).map { .number(Double($0)) }
    case .integer:
      if let number = raw as? Int64 { return Int(exactly: number).map { .integer($0) } }
      return (raw as? Int).map { .integer($0) }
    case .date: return (raw as? Timestamp).map { .date(FirestoreTime.date($0)) }
    case .list(let shapes):
      guard let elements = raw as? [Any] else { return nil }
      var records: [[FieldValue]] = []
      for element in elements {
        guard let fields = element as? [String: Any] else { return nil }
        var record: [FieldValue] = []
        for shape in shapes {
          guard let value = read(fields[shape.name], shape.kind) else { return nil }
          record.append(value)
        }
        records.append(record)
      }
      return .records(records)
    }
  }
}
