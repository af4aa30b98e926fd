import CountMeCore
import Foundation
import Generators

/// The small worlds of seed 004's workout data: few ids and close times, so that versions of one
/// exercise meet and ties are common.
extension Gen {
  /// The first instant of the workout scenarios' virtual clock: 2026-01-01T00:00:00Z.
  package static let workoutEpoch = Date(timeIntervalSince1970: 1_767_225_600)

  /// Id `n` of the workout scenarios: `00000000-0000-0000-0000-00000000000n` (hex).
  package static func workoutID(_ n: Int) -> UUID {
    let hex = String(n, radix: 16)
    let tail = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    guard let id = UUID(uuidString: "00000000-0000-0000-0000-" + tail) else {
      preconditionFailure("id \(n) does not fit 12 hex digits")
    }
    return id
  }

  /// A time a few seconds after `workoutEpoch`, often equal to another drawn.
  package static let workoutTime: Generator<Date> = Gen.int(in: 0...6, shrinkingToward: 0).map {
    workoutEpoch.addingTimeInterval(Double($0))
  }

  /// A child exercise with one of the ids 1...`ids`.
  static func exerciseInstance(ids: Int = 5) -> Generator<ExerciseInstance> {
    let (id, order) = (Gen.int(in: 1...ids), Gen.int(in: 0...4, shrinkingToward: 0))
    let (name, sets) = (Gen.element(of: ["Squat", "Bench", "Row", "Press"]), Gen.int(in: 1...5))
    return Generator { source in
      ExerciseInstance(
        id: workoutID(try id.run(&source)), order: try order.run(&source), name: try name.run(&source),
        sets: try sets.run(&source), reps: 8, updatedAt: try workoutTime.run(&source))
    }
  }

  /// Exercises with distinct ids, in the order drawn (the template sorts them).
  static func exercises(ids: Int = 5) -> Generator<[ExerciseInstance]> {
    Gen.array(of: exerciseInstance(ids: ids), count: 0...5, averageExtra: 2).map { drawn in
      var seen: Set<UUID> = []
      return drawn.filter { seen.insert($0.id).inserted }
    }
  }

  /// One version of the module with id 0x100: a name, notes, a time and children.
  package static let templateVersion: Generator<WorkoutTemplate> = {
    let (name, notes) = (Gen.element(of: ["Legs", "Push", "Pull"]), Gen.element(of: ["", "heavy"]))
    let children = exercises()
    return Generator { source in
      WorkoutTemplate(
        kind: .module, id: workoutID(0x100), name: try name.run(&source), notes: try notes.run(&source),
        updatedAt: try workoutTime.run(&source), exercises: try children.run(&source))
    }
  }()

  /// One version of the session with id 0x200: a few sets of the exercises 1...3.
  package static let sessionVersion: Generator<WorkoutSession> = {
    let sets = Gen.array(of: Gen.zip(Gen.int(in: 1...3), Gen.int(in: 1...10)), count: 0...4, averageExtra: 2)
    return Generator { source in
      let drawn = try sets.run(&source)
      return WorkoutSession(
        id: workoutID(0x200),
        sets: drawn.enumerated().map { index, set in
          SetData(id: workoutID(0x300 + index), exerciseID: workoutID(set.0), reps: set.1, grams: 20_000)
        },
        updatedAt: try workoutTime.run(&source))
    }
  }()
}
