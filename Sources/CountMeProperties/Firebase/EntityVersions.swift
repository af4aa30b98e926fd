import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// Three versions of one food item, exercise item or custom meal, as three devices hold them
/// (F19's input), with what the property needs of each model: its schema, and the system's rule.
enum EntityVersions: Sendable {
  case foodItem([FoodItemArguments])
  case exerciseItem([ExerciseItemArguments])
  case customMeal([CustomMealArguments])

  var model: DocumentModel {
    switch self {
    case .foodItem: return .foodItem
    case .exerciseItem: return .exerciseItem
    case .customMeal: return .customMeal
    }
  }

  /// `{"versions": [...]}`, each version in its arguments' encoding.
  var json: JSON {
    switch self {
    case .foodItem(let versions): return .object([("versions", .array(versions.map(\.json)))])
    case .exerciseItem(let versions): return .object([("versions", .array(versions.map(\.json)))])
    case .customMeal(let versions): return .object([("versions", .array(versions.map(\.json)))])
    }
  }

  static func decode(_ json: JSON, model: DocumentModel?) throws -> EntityVersions {
    let versions = try Firebase.threeVersions(try JSONReader(json, path: "input"))
    // Three versions of one entity: versions of different ones have no winner to agree on.
    func read<A>(_ schema: ModelSchema<A>, _ id: KeyPath<A, UUID>) throws -> [A] {
      let read = try versions.enumerated().map { try schema.decode($1, path: "input.versions[\($0)]") }
      for (index, version) in read.enumerated() where version[keyPath: id] != read[0][keyPath: id] {
        throw InputDecodingError(
          path: "input.versions[\(index)].id",
          problem: "the versions are of one entity, \(read[0][keyPath: id].uuidString), not of another")
      }
      return read
    }
    switch model {
    case .foodItem?: return .foodItem(try read(ModelSchemas.foodItem, \.id))
    case .exerciseItem?: return .exerciseItem(try read(ModelSchemas.exerciseItem, \.id))
    case .customMeal?: return .customMeal(try read(ModelSchemas.customMeal, \.id))
    default:
      throw InputDecodingError(
        path: "case.model", problem: "a versions case names its model: FoodItem, ExerciseItem or CustomMeal")
    }
  }

  static let generator: Generator<Tagged<EntityVersions>> = Gen.oneOf([
    Gen.versions(of: Gen.validFoodItem, id: \.id, lastModified: \.lastModified, syncStatus: \.syncStatus)
      .map { Tagged(.foodItem($0), tags: ["Versions.FoodItem"]) },
    Gen.versions(of: Gen.validExerciseItem, id: \.id, lastModified: \.lastModified, syncStatus: \.syncStatus)
      .map { Tagged(.exerciseItem($0), tags: ["Versions.ExerciseItem"]) },
    Gen.versions(of: Gen.validCustomMeal, id: \.id, lastModified: \.lastModified, syncStatus: \.syncStatus)
      .map { Tagged(.customMeal($0), tags: ["Versions.CustomMeal"]) },
  ])
}
