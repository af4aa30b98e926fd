import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// What a model decoded from a document must hold, in the arguments' JSON form, read straight from
/// the document: the independent oracle of property 12.
///
/// Integers become Doubles, an id is compared as a UUID (case-insensitive), a timestamp as the `Date`
/// it names (to a `Date`'s resolution), a missing or null optional field as nil. Keys the model does
/// not have (unknown extras, a log's `totalCalories` and item ids) are ignored; a log decoded from its
/// document has no items, which are documents of their own.
enum DocumentOracle {
  static func expected(_ document: Document, model: DocumentModel) -> JSON {
    object(document, keys: ModelSchemas.names(of: model))
  }

  private static func object(_ document: Document, keys: [String]) -> JSON {
    .object(keys.map { key in (key, value(document[key], key: key)) })
  }

  private static func value(_ value: DocumentValue?, key: String) -> JSON {
    switch value {
    case nil, .null?: return key == "foodItems" || key == "exerciseItems" ? .array([]) : .null
    case .string(let text)?:
      return key == "id" ? .string(UUID(uuidString: text)?.uuidString ?? text) : .string(text)
    case .integer(let number)?: return .double(Double(number))
    case .double(let number)?: return .number(number)
    case .boolean(let flag)?: return .bool(flag)
    case .timestamp(let stamp)?: return .string(FirestoreTime.text(FirestoreTime.date(stamp)))
    case .array(let items)?:
      return .array(
        items.map { item in
          if case .map(let map) = item { return object(map, keys: ModelSchemas.ingredient.names) }
          return self.value(item, key: "")
        })
    case .map(let map)?: return object(map, keys: map.fields.map(\.name))
    case .bytes?, .reference?, .geoPoint?:
      // No model field holds one: a model that accepted it holds something else, which differs.
      return FirestoreREST.encode(value ?? .null)
    }
  }
}
