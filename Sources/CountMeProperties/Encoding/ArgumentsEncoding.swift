import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// A value with a JSON form: model arguments as an object keyed by parameter name, in order.
///
/// Dates are RFC 3339 strings (UTC, to the nanosecond a `Timestamp` keeps), non-finite numbers the
/// strings "NaN", "Infinity", "-Infinity", `-0.0` is kept, and `nil` is `null`.
public protocol JSONRepresentable {
  var json: JSON { get }
}

enum Encode {
  static func date(_ date: Date) -> JSON { .string(RFC3339.format(Timestamp(date: date))) }
  static func number(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }
  static func text(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
}

extension FoodItemArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order.
  public var json: JSON {
    .object([
      ("id", .string(id.uuidString)), ("name", .string(name)), ("calories", .number(calories)),
      ("timestamp", Encode.date(timestamp)), ("servingSize", Encode.text(servingSize)),
      ("servingUnit", Encode.text(servingUnit)), ("source", .string(source.rawValue)),
      ("protein", Encode.number(protein)), ("carbohydrates", Encode.number(carbohydrates)),
      ("fats", Encode.number(fats)), ("userId", .string(userId)), ("lastModified", Encode.date(lastModified)),
      ("syncStatus", .string(syncStatus.rawValue)),
    ])
  }
}

extension ExerciseItemArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order.
  public var json: JSON {
    .object([
      ("id", .string(id.uuidString)), ("name", .string(name)), ("caloriesBurned", .number(caloriesBurned)),
      ("durationMinutes", Encode.number(durationMinutes)), ("exerciseType", .string(exerciseType)),
      ("intensity", .string(intensity)), ("notes", Encode.text(notes)), ("timestamp", Encode.date(timestamp)),
      ("userId", .string(userId)), ("lastModified", Encode.date(lastModified)),
      ("syncStatus", .string(syncStatus.rawValue)),
    ])
  }
}

extension IngredientArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order.
  public var json: JSON {
    .object([
      ("id", .string(id.uuidString)), ("name", .string(name)), ("quantity", .number(quantity)),
      ("unit", .string(unit)), ("calories", .number(calories)), ("protein", Encode.number(protein)),
      ("carbohydrates", Encode.number(carbohydrates)), ("fats", Encode.number(fats)),
    ])
  }
}

extension CustomMealArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order.
  public var json: JSON {
    .object([
      ("id", .string(id.uuidString)), ("name", .string(name)),
      ("ingredients", .array(ingredients.map(\.json))),
      ("createdAt", Encode.date(createdAt)), ("lastUsedAt", Encode.date(lastUsedAt)),
      ("servingsCount", .number(servingsCount)), ("userId", .string(userId)),
      ("lastModified", Encode.date(lastModified)), ("syncStatus", .string(syncStatus.rawValue)),
    ])
  }
}

extension DailyLogArguments: JSONRepresentable {
  /// The arguments keyed by parameter name, in order.
  public var json: JSON {
    .object([
      ("id", .string(id.uuidString)), ("date", Encode.date(date)),
      ("foodItems", .array(foodItems.map(\.json))),
      ("exerciseItems", .array(exerciseItems.map(\.json))), ("dailyGoal", Encode.number(dailyGoal)),
      ("userId", .string(userId)), ("lastModified", Encode.date(lastModified)),
      ("syncStatus", .string(syncStatus.rawValue)),
    ])
  }
}

extension SyncScenario: JSONRepresentable {
  /// `{"steps": [...]}`, each step an object such as `{"enqueue": {"kind": "create", "entity": 3,
  /// "type": "foodItem"}}`, `{"advanceTime": 60}`, or a bare string such as `"process"`.
  public var json: JSON {
    .object([
      (
        "steps",
        .array(
          steps.map { step in
            switch step {
            case .enqueue(let kind, let entity, let type):
              return .object([
                (
                  "enqueue",
                  .object([
                    ("kind", .string(kind.rawValue)), ("entity", .integer(Int64(entity))),
                    ("type", .string(type.rawValue)),
                  ])
                )
              ])
            case .advanceTime(let seconds): return .object([("advanceTime", .integer(Int64(seconds)))])
            case .process: return .string("process")
            case .goOffline: return .string("goOffline")
            case .goOnline: return .string("goOnline")
            case .signOut: return .string("signOut")
            case .signIn: return .string("signIn")
            case .restart: return .string("restart")
            }
          })
      )
    ])
  }
}
