import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// What a model decoded from a document must hold, in the arguments' JSON form, read straight from
/// the document: the independent oracle of property 12.
///
/// Integers become Doubles (in a whole-number field, an integer or a whole Double becomes that
/// integer), an id is compared as a UUID (case-insensitive), a timestamp as the `Date` it names (to
/// a `Date`'s resolution), a missing or null optional field as nil. Keys the model does
/// not have (unknown extras, a log's `totalCalories` and item ids) are ignored; a log decoded from its
/// document has no items, which are documents of their own.
enum DocumentOracle {
  static func expected(_ document: Document, model: DocumentModel) -> JSON {
    object(document, shapes: ModelSchemas.shapes(of: model))
  }

  private static func object(_ document: Document, shapes: [FieldShape]) -> JSON {
    .object(shapes.map { shape in (shape.name, value(document[shape.name], kind: shape.kind)) })
  }

  private static func value(_ value: DocumentValue?, kind: FieldKind?) -> JSON {
    switch (value, kind) {
    case (nil, .list?), (.null?, .list?): return .array([])
    case (nil, _), (.null?, _): return .null
    case (.string(let text)?, .uuid?): return .string(UUID(uuidText: text)?.uuidText ?? text)
    case (.string(let text)?, _): return .string(text)
    case (.integer(let number)?, .integer?): return .integer(number)
    case (.double(let number)?, .integer?) where number == number.rounded() && abs(number) < 0x1p63:
      return .integer(Int64(number))
    case (.integer(let number)?, _): return .double(Double(number))
    case (.double(let number)?, _): return .number(number)
    case (.boolean(let flag)?, _): return .bool(flag)
    case (.timestamp(let stamp)?, _): return .string(FirestoreTime.text(FirestoreTime.date(stamp)))
    case (.array(let items)?, .list(let shapes)?):
      return .array(
        items.map { item in
          if case .map(let map) = item { return object(map, shapes: shapes) }
          return self.value(item, kind: nil)
        })
    case (.array(let items)?, _): return .array(items.map { self.value($0, kind: nil) })
    case (.map(let map)?, _): return .object(map.fields.map { ($0.name, self.value($0.value, kind: nil)) })
    case (.bytes?, _), (.reference?, _), (.geoPoint?, _):
      // No model field holds one: a model that accepted it holds something else, which differs.
      return FirestoreREST.encode(value ?? .null)
    }
  }
}
