import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Generators
import Foundation
import PropertyHarness

/// Seed 004's workout entities as the W properties' inputs print them.
///
/// Seed 004's workout entities as the W properties' inputs print them (reports, `sample`, corpus
/// files): objects keyed by field name, times in RFC 3339, ids as UUIDs.
enum WorkoutJSON {
  static func json(_ exercise: ExerciseInstance) -> JSON {
    .object([
      ("id", .string(exercise.id.uuidString)), ("order", .integer(Int64(exercise.order))),
      ("name", .string(exercise.name)), ("sets", .integer(Int64(exercise.sets))),
      ("reps", .integer(Int64(exercise.reps))),
      ("updatedAt", .string(FirestoreTime.text(exercise.updatedAt))),
    ])
  }

  static func json(_ template: WorkoutTemplate) -> JSON {
    .object([
      ("kind", .string(template.kind.rawValue)), ("id", .string(template.id.uuidString)),
      ("name", .string(template.name)), ("notes", .string(template.notes)),
      ("updatedAt", .string(FirestoreTime.text(template.updatedAt))),
      ("exercises", .array(template.exercises.map(json))),
    ])
  }

  static func json(_ session: WorkoutSession) -> JSON {
    .object([
      ("id", .string(session.id.uuidString)),
      (
        "sets",
        .array(
          session.sets.map {
            .object([
              ("id", .string($0.id.uuidString)), ("exerciseID", .string($0.exerciseID.uuidString)),
              ("reps", .integer(Int64($0.reps))), ("grams", .integer(Int64($0.grams))),
            ])
          })
      ),
      ("updatedAt", .string(FirestoreTime.text(session.updatedAt))),
    ])
  }

  static func exercise(_ json: JSON, path: String) throws -> ExerciseInstance {
    let r = try JSONReader(json, path: path)
    return ExerciseInstance(
      id: try r.uuid("id"), order: try r.integer("order", in: -1_000_000...1_000_000),
      name: try r.string("name"),
      sets: try r.integer("sets", in: 0...1_000), reps: try r.integer("reps", in: 0...1_000),
      updatedAt: try r.date("updatedAt"))
  }

  static func template(_ json: JSON, path: String) throws -> WorkoutTemplate {
    let r = try JSONReader(json, path: path)
    let exercises = try r.array("exercises").enumerated().map {
      try exercise($1, path: "\(path).exercises[\($0)]")
    }
    var seen: Set<UUID> = []
    for (index, exercise) in exercises.enumerated() where !seen.insert(exercise.id).inserted {
      throw InputDecodingError(
        path: "\(path).exercises[\(index)].id", problem: "a second exercise with id \(exercise.id.uuidString)"
      )
    }
    return WorkoutTemplate(
      kind: try r.rawEnum("kind", WorkoutTemplate.Kind.self), id: try r.uuid("id"),
      name: try r.string("name"),
      notes: try r.string("notes"), updatedAt: try r.date("updatedAt"), exercises: exercises)
  }

  static func session(_ json: JSON, path: String) throws -> WorkoutSession {
    let r = try JSONReader(json, path: path)
    let sets = try r.array("sets").enumerated().map { index, set in
      let s = try JSONReader(set, path: "\(path).sets[\(index)]")
      return SetData(
        id: try s.uuid("id"), exerciseID: try s.uuid("exerciseID"),
        reps: try s.integer("reps", in: 0...1_000),
        grams: try s.integer("grams", in: 0...1_000_000))
    }
    return WorkoutSession(id: try r.uuid("id"), sets: sets, updatedAt: try r.date("updatedAt"))
  }

  /// A time as the inputs print it.
  static func json(_ date: Date) -> JSON { .string(FirestoreTime.text(date)) }
}
