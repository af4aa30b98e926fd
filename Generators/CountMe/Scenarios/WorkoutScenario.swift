import CountMeCore
import Foundation
import Generators

/// Several devices of one workout user, what each does and when it syncs.
///
/// The input of the W properties judged over a run (W1.5, W2.4, W2.5 and what seed 004's reasons imply).
///
/// Entities are three: a module (`entity` 0), a workout (1) and a session (2). A device edits what it
/// holds, and creates an entity only if no device ever has (ids are never reused, 2.3); anything else
/// a step asks is skipped, as the app would not offer it. Steps happen at the same instant until a
/// `wait` moves the clock, so two devices can change one entity at the same time.
package struct WorkoutScenario: Sendable, Equatable {
  /// One thing a device does, or the clock.
  package enum Step: Sendable, Equatable {
    /// Renames template `entity` (0 or 1).
    case rename(device: Int, entity: Int, name: String)
    /// Adds exercise `exercise` to template `entity`, or changes it, at `order` with `sets` sets.
    case setExercise(device: Int, entity: Int, exercise: Int, order: Int, sets: Int)
    /// Removes exercise `exercise` from template `entity`.
    case removeExercise(device: Int, entity: Int, exercise: Int)
    /// Logs a set in the session (entity 2).
    case logSet(device: Int, reps: Int)
    /// Deletes entity `entity`.
    case delete(device: Int, entity: Int)
    /// Syncs with the cloud.
    case sync(device: Int)
    /// Moves the clock on.
    case wait(seconds: Int)
    /// The app restarts: the device persists its store and loads it again, its bytes damaged first
    /// when `damaged` (seed 004, 2.6).
    case restart(device: Int, damaged: Bool)
  }

  /// How many devices: 2 or 3.
  package var devices: Int
  /// What happens, in order.
  package var steps: [Step]
  /// How far each device's clock is ahead of the scenario's (behind when negative), in seconds;
  /// empty: every clock right.
  package var skews: [Int] = []

  /// Creates a `WorkoutScenario` from its parts.
  package init(devices: Int, steps: [Step], skews: [Int] = []) {
    self.devices = devices
    self.steps = steps
    self.skews = skews
  }

  /// Device `d`'s clock skew in seconds (0 when the scenario has none for it).
  package func skew(_ d: Int) -> Int { d < skews.count ? skews[d] : 0 }

  /// The entity with index `entity`.
  package static func key(_ entity: Int) -> WorkoutKey {
    switch entity {
    case 0: return WorkoutKey(kind: .module, id: Gen.workoutID(0x100))
    case 1: return WorkoutKey(kind: .workout, id: Gen.workoutID(0x101))
    default: return WorkoutKey(kind: .session, id: Gen.workoutID(0x200))
    }
  }

  /// What a scenario generator may draw.
  package struct Shape: Sendable {
    /// The waits drawn, in seconds.
    var waits: [Int] = [1, 60, 86_400, 31 * 86_400]
    /// Whether entities are ever deleted.
    var deletes = true
    /// Whether edits come only before the first deletion (so none is made after one).
    var editsBeforeDeletions = false
    /// Whether the app restarts, its store sometimes damaged (none by default, so the scenarios of
    /// the properties without restarts are what they were).
    var restarts = false
    /// Whether half the scenarios skew the devices' clocks, each by up to an hour either way.
    ///
    /// None by default, so the scenarios of the properties that do not ask are what they were.
    var skewed = false
    /// Ages, in seconds, at which half the scenarios judge a synced deletion record (none by default).
    ///
    /// Those scenarios follow each deletion with its device's sync, a wait of one of these ages (a
    /// second less, the same, or a second more), and the device's sync again.
    var boundaries: [Int] = []

    /// Creates a `Shape` from its parts.
    package init(
      waits: [Int] = [1, 60, 86_400, 31 * 86_400], deletes: Bool = true, editsBeforeDeletions: Bool = false,
      restarts: Bool = false, boundaries: [Int] = [], skewed: Bool = false
    ) {
      self.waits = waits
      self.deletes = deletes
      self.editsBeforeDeletions = editsBeforeDeletions
      self.restarts = restarts
      self.skewed = skewed
      self.boundaries = boundaries
    }
  }

  /// Scenarios of `shape`.
  package static func generator(_ shape: Shape) -> Generator<Tagged<WorkoutScenario>> {
    // NB: biased toward the module and two devices, so that one entity is often changed on one
    // device and deleted on another (what W1.5 and W2.4 judge).
    let device = Gen.int(in: 0...2, shrinkingToward: 0)
    let entity = Gen.frequency([(4, Gen.constant(0)), (1, Gen.constant(1)), (2, Gen.constant(2))])
    let template = Gen.frequency([(4, Gen.constant(0)), (1, Gen.constant(1))])
    let exercise = Gen.int(in: 1...3, shrinkingToward: 1)
    let small = Gen.int(in: 0...2, shrinkingToward: 0)
    let name = Gen.element(of: ["Legs", "Push"])
    let edit: Generator<Step> = Gen.frequency([
      (
        2,
        Generator { s in
          .rename(device: try device.run(&s), entity: try template.run(&s), name: try name.run(&s))
        }
      ),
      (
        4,
        Generator { s in
          .setExercise(
            device: try device.run(&s), entity: try template.run(&s), exercise: try exercise.run(&s),
            order: try small.run(&s), sets: try small.run(&s) + 1)
        }
      ),
      (
        2,
        Generator { s in
          .removeExercise(
            device: try device.run(&s), entity: try template.run(&s), exercise: try exercise.run(&s))
        }
      ),
      (1, Generator { s in .logSet(device: try device.run(&s), reps: try small.run(&s) + 5) }),
    ])
    let other: Generator<Step> = Gen.frequency(
      [
        (4, Generator { s in .sync(device: try device.run(&s)) }),
        (2, Gen.element(of: shape.waits).map { .wait(seconds: $0) }),
      ]
        + (shape.deletes
          ? [(2, Generator { s in .delete(device: try device.run(&s), entity: try entity.run(&s)) })] : [])
        + (shape.restarts
          ? [
            (
              3,
              Generator { s in
                .restart(device: try device.run(&s), damaged: try Gen.element(of: [false, true]).run(&s))
              }
            )
          ] : []))
    let steps: Generator<[Step]>
    if shape.editsBeforeDeletions {
      let before = Gen.array(of: Gen.frequency([(3, edit), (2, other)]), count: 0...12, averageExtra: 6)
      let after = Gen.array(of: other, count: 0...12, averageExtra: 6)
      steps = Gen.zip(before, after).map { $0 + $1 }
    } else {
      steps = Gen.array(of: Gen.frequency([(3, edit), (2, other)]), count: 0...24, averageExtra: 10)
    }
    let devices = Gen.frequency([(3, Gen.constant(2)), (1, Gen.constant(3))])
    let scenarios = Gen.zip(devices, steps).map { devices, steps in
      let scenario = WorkoutScenario(
        devices: devices, steps: steps.map { $0.onDevice(below: devices) })
      return Tagged(scenario, tags: ["Workout.\(devices)devices"])
    }
    let drawn = shape.skewed ? skewing(scenarios) : scenarios
    guard !shape.boundaries.isEmpty else { return drawn }
    // NB: drawn after the scenario, so a seed's scenario is the same whether or not it is aimed.
    let aimed = Gen.bool(probability: 0.5)
    let boundary = Gen.element(of: shape.boundaries)
    let side = Gen.element(of: [0, -1, 1])
    return Generator { source in
      let scenario = try drawn.run(&source)
      guard try aimed.run(&source) else { return scenario }
      let age = try boundary.run(&source) + (try side.run(&source))
      return Tagged(scenario.value.ageingDeletions(to: age), tags: scenario.tags + ["Workout.ageBoundary"])
    }
  }

  /// `scenarios`, half of them on skewed clocks: each device's a second or an hour ahead or behind.
  ///
  /// The skews are drawn after the scenario, so a seed's steps are the same whether or not its
  /// clocks are skewed.
  static func skewing(_ scenarios: Generator<Tagged<WorkoutScenario>>) -> Generator<Tagged<WorkoutScenario>> {
    let skewedHalf = Gen.bool(probability: 0.5)
    let skew = Gen.element(of: [0, -3_600, 3_600, -1, 1])
    return Generator { source in
      let scenario = try scenarios.run(&source)
      guard try skewedHalf.run(&source) else { return scenario }
      var skewed = scenario.value
      skewed.skews = try (0..<skewed.devices).map { _ in try skew.run(&source) }
      return Tagged(skewed, tags: scenario.tags + ["Workout.skewedClocks"])
    }
  }

  /// This scenario with each deletion's record synced, then judged `age` seconds old.
  ///
  /// Each deletion is followed by its device's sync, a wait of `age` seconds, and the device's sync
  /// again: the record, synced, is `age` seconds old at the second sync.
  func ageingDeletions(to age: Int) -> WorkoutScenario {
    var aimed = self
    aimed.steps = steps.flatMap { step -> [Step] in
      guard case .delete(let device, _) = step else { return [step] }
      return [step, .sync(device: device), .wait(seconds: age), .sync(device: device)]
    }
    return aimed
  }
}

extension WorkoutScenario.Step {
  /// This step with its device folded into `0..<devices`.
  func onDevice(below devices: Int) -> Self {
    switch self {
    case .rename(let d, let e, let n): return .rename(device: d % devices, entity: e, name: n)
    case .setExercise(let d, let e, let x, let o, let s):
      return .setExercise(device: d % devices, entity: e, exercise: x, order: o, sets: s)
    case .removeExercise(let d, let e, let x):
      return .removeExercise(device: d % devices, entity: e, exercise: x)
    case .logSet(let d, let r): return .logSet(device: d % devices, reps: r)
    case .delete(let d, let e): return .delete(device: d % devices, entity: e)
    case .sync(let d): return .sync(device: d % devices)
    case .restart(let d, let damaged): return .restart(device: d % devices, damaged: damaged)
    case .wait: return self
    }
  }

  /// The device it acts on; nil for a wait.
  package var device: Int? {
    switch self {
    case .rename(let d, _, _), .setExercise(let d, _, _, _, _), .removeExercise(let d, _, _),
      .logSet(let d, _),
      .delete(let d, _), .sync(let d), .restart(let d, _):
      return d
    case .wait: return nil
    }
  }
}
