import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// Three versions of one entity as three devices hold them, F19's input.
///
/// Three versions of one food item, exercise item, custom meal or user's goal, as three devices
/// hold them (F19's input), with what the property needs of each model: its schema, and the
/// system's rule.
enum EntityVersions: Sendable {
  case foodItem([FoodItemArguments])
  case exerciseItem([ExerciseItemArguments])
  case customMeal([CustomMealArguments])
  case userGoal([UserGoalArguments])

  var model: DocumentModel {
    switch self {
    case .foodItem: return .foodItem
    case .exerciseItem: return .exerciseItem
    case .customMeal: return .customMeal
    case .userGoal: return .userGoal
    }
  }

  /// `{"versions": [...]}`, each version in its arguments' encoding.
  var json: JSON {
    switch self {
    case .foodItem(let versions): return .object([("versions", .array(versions.map(\.json)))])
    case .exerciseItem(let versions): return .object([("versions", .array(versions.map(\.json)))])
    case .customMeal(let versions): return .object([("versions", .array(versions.map(\.json)))])
    case .userGoal(let versions): return .object([("versions", .array(versions.map(\.json)))])
    }
  }

  static func decode(_ json: JSON, model: DocumentModel?) throws -> EntityVersions {
    let versions = try Firebase.threeVersions(try JSONReader(json, path: "input"))
    // Three versions of one entity: versions of different ones have no winner to agree on.
    func read<A, ID: Equatable>(_ schema: ModelSchema<A>, _ id: KeyPath<A, ID>, _ field: String = "id") throws
      -> [A]
    {
      let read = try versions.enumerated().map { try schema.decode($1, path: "input.versions[\($0)]") }
      for (index, version) in read.enumerated() where version[keyPath: id] != read[0][keyPath: id] {
        throw InputDecodingError(
          path: "input.versions[\(index)].\(field)",
          problem: "the versions are of one entity, \(read[0][keyPath: id]), not of another")
      }
      return read
    }
    switch model {
    case .foodItem?: return .foodItem(try read(ModelSchemas.foodItem, \.id))
    case .exerciseItem?: return .exerciseItem(try read(ModelSchemas.exerciseItem, \.id))
    case .customMeal?: return .customMeal(try read(ModelSchemas.customMeal, \.id))
    case .userGoal?: return .userGoal(try read(ModelSchemas.userGoal, \.userId, "userId"))
    default:
      throw InputDecodingError(
        path: "case.model",
        problem: "a versions case names its model: FoodItem, ExerciseItem, CustomMeal or UserGoal")
    }
  }

  static let generator: Generator<Tagged<EntityVersions>> = Gen.oneOf([
    Gen.versions(of: Gen.validFoodItem, id: \.id, lastModified: \.lastModified, syncStatus: \.syncStatus)
      .map { Tagged(.foodItem($0), tags: ["Versions.FoodItem"]) },
    Gen.versions(of: Gen.validExerciseItem, id: \.id, lastModified: \.lastModified, syncStatus: \.syncStatus)
      .map { Tagged(.exerciseItem($0), tags: ["Versions.ExerciseItem"]) },
    Gen.versions(of: Gen.validCustomMeal, id: \.id, lastModified: \.lastModified, syncStatus: \.syncStatus)
      .map { Tagged(.customMeal($0), tags: ["Versions.CustomMeal"]) },
    Gen.versions(of: Gen.validUserGoal, id: \.userId, lastModified: \.lastModified, syncStatus: \.syncStatus)
      .map { Tagged(.userGoal($0), tags: ["Versions.UserGoal"]) },
  ])
}
