import CountMeContract
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators

/// The harness's Android client: how it saves, writes and reads a log.
///
/// The harness's Android client (seed 003): how it saves a log, the document it writes with the
/// Android SDK (which stores a `Long` as an integer and a `Double` as a double) and how it reads
/// one.
///
/// Written from the schema in `docs/rules.md` ("Android parity"), never from CountMeCore's codec.
extension AndroidLog {
  /// What the Android app saves for `log`, edited in `zone`.
  ///
  /// Its local day, its time to the whole second toward the past, its calories summed in order from 0.
  package init(saving log: DailyLogArguments, in zone: SavingZone) {
    self.init(
      id: log.id, userId: log.userId, epochDay: LocalDays.day(log.date, in: zone),
      foodItemIds: log.foodItems.map(\.id), exerciseItemIds: log.exerciseItems.map(\.id),
      totalCalories: log.foodItems.reduce(0) { $0 + $1.calories }, dailyGoal: log.dailyGoal,
      updatedAt: LocalDays.wholeSecond(log.lastModified))
  }

  /// A UUID as Java's `UUID.toString()` spells it: lower case.
  package static func text(_ id: UUID) -> String { id.uuidString.lowercased() }

  /// Where the Android client writes it.
  package var path: String { "users/\(userId)/dailyLogs/\(Self.text(id))" }

  /// The document it writes, fields in the schema's order; no `dailyGoal` field without a goal.
  package var document: Document {
    var fields: [(String, DocumentValue)] = [
      ("id", .string(Self.text(id))), ("userId", .string(userId)), ("date", .integer(epochDay)),
      ("foodItemIds", .array(foodItemIds.map { .string(Self.text($0)) })),
      ("exerciseItemIds", .array(exerciseItemIds.map { .string(Self.text($0)) })),
      ("totalCalories", .double(totalCalories)),
    ]
    if let dailyGoal { fields.append(("dailyGoal", .double(dailyGoal))) }
    fields.append(("updatedAt", .integer(updatedAt)))
    return Document(fields)
  }

  /// Reads `document` as the Android SDK maps it onto the data class.
  ///
  /// Strings, `Long`s from integers, `Double`s from doubles or integers; throws naming the first field it
  /// cannot map.
  package init(reading document: Document) throws(ReadProblem) {
    func value(_ name: String) throws(ReadProblem) -> DocumentValue {
      guard let value = document[name] else { throw ReadProblem(field: name, problem: "missing") }
      return value
    }
    func long(_ name: String) throws(ReadProblem) -> Int64 {
      guard case .integer(let number) = try value(name) else {
        throw ReadProblem(field: name, problem: "not a Long")
      }
      return number
    }
    func double(_ value: DocumentValue, _ name: String) throws(ReadProblem) -> Double {
      switch value {
      case .double(let number): return number
      case .integer(let number): return Double(number)
      default: throw ReadProblem(field: name, problem: "not a Double")
      }
    }
    func id(_ value: DocumentValue, _ name: String) throws(ReadProblem) -> UUID {
      guard case .string(let text) = value, let id = UUID(uuidString: text) else {
        throw ReadProblem(field: name, problem: "not a UUID string")
      }
      return id
    }
    func ids(_ name: String) throws(ReadProblem) -> [UUID] {
      guard case .array(let values) = try value(name) else {
        throw ReadProblem(field: name, problem: "not a list")
      }
      var result: [UUID] = []
      for item in values { result.append(try id(item, name)) }
      return result
    }
    guard case .string(let userId) = try value("userId") else {
      throw ReadProblem(field: "userId", problem: "not a String")
    }
    var goal = document["dailyGoal"]
    if case .null? = goal { goal = nil }
    self.init(
      id: try id(try value("id"), "id"), userId: userId, epochDay: try long("date"),
      foodItemIds: try ids("foodItemIds"), exerciseItemIds: try ids("exerciseItemIds"),
      totalCalories: try double(try value("totalCalories"), "totalCalories"),
      dailyGoal: try goal.map { v throws(ReadProblem) in try double(v, "dailyGoal") },
      updatedAt: try long("updatedAt"))
  }

  /// Why the Android client could not map a document.
  package struct ReadProblem: Error, CustomStringConvertible {
    package let field: String
    let problem: String
    package var description: String { "the Android client cannot read field \(field): \(problem)" }
  }
}
