import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// A `WorkoutScenario` run against a system's workout devices through one cloud.
///
/// Every step recorded with what the device and the cloud held before and after it, then every device synced
/// twice in turn (the run's end), so what each holds at the end is what syncing leads to.
package struct WorkoutRun {
  /// What one device holds.
  package struct Held: Equatable {
    package var templates: [WorkoutKey: WorkoutTemplate]
    package var sessions: [WorkoutKey: WorkoutSession]
    package var records: [WorkoutKey: DeletionRecord]

    package init(_ device: any WorkoutDeviceUnderTest) {
      templates = device.templates
      sessions = device.sessions
      records = device.deletionRecords
    }

    /// The latest time of anything held: a version, an exercise, a deletion.
    var latest: Date {
      let times =
        templates.values.flatMap { [$0.updatedAt] + $0.exercises.map(\.updatedAt) }
        + sessions.values.map(\.updatedAt) + records.values.map(\.deletedAt)
      return times.max() ?? .distantPast
    }

    /// The `updatedAt` of `key`'s version here, if it holds one.
    package func updatedAt(_ key: WorkoutKey) -> Date? {
      templates[key]?.updatedAt ?? sessions[key]?.updatedAt
    }
  }

  /// One step as it ran.
  package struct Event {
    /// Its index in the scenario's steps; nil for the syncs at the end.
    package var index: Int?
    package var step: WorkoutScenario.Step
    package var now: Date
    package var before: Held?
    package var after: Held?
    package var cloudBefore: WorkoutCloud
    package var cloudAfter: WorkoutCloud
    /// For a save: the version the device was asked to save, and what it answered.
    package var saved: (template: WorkoutTemplate?, session: WorkoutSession?, changed: Bool)?
    /// For a deletion or a save: the entity.
    package var key: WorkoutKey?
    /// For a restart: whether its store was damaged, and the reason the load gave for recreating it.
    package var restart: (damaged: Bool, corrupted: String?)?
  }

  package var events: [Event] = []
  package var final: [Held] = []
  package var cloud = WorkoutCloud()

  /// Where a step happened, as a failure names it.
  package static func place(_ event: Event) -> String {
    event.index.map { "at steps[\($0)]" } ?? "at the syncs after the steps"
  }

  /// Runs `scenario` against `system`'s workout devices under the workout policy.
  package init(_ scenario: WorkoutScenario, _ system: SystemLayers) {
    var devices = (0..<scenario.devices).map { _ in
      system.workoutSync.makeWorkoutDevice(policy: SyncPolicy.workout)
    }
    var clock = Gen.workoutEpoch
    // NB: a device stamps a change 1 ms after anything it holds when the scenario's clock has not
    // moved past it (its own last change, a version or deletion it synced), so a tie is two devices
    // changing one entity at the same instant, neither having seen the other's change. A skewed
    // device's clock runs ahead or behind the scenario's (`skews`), so it may stamp a change before
    // another device's earlier one it has not seen.
    var lastChange = [Date](repeating: .distantPast, count: scenario.devices)
    var created: Set<WorkoutKey> = []
    let ending = (0..<2).flatMap { _ in (0..<scenario.devices).map { WorkoutScenario.Step.sync(device: $0) } }
    var all: [(Int?, WorkoutScenario.Step)] = scenario.steps.enumerated().map { ($0, $1) }
    all += ending.map { (nil, $0) }
    for (index, step) in all {
      guard let d = step.device else {
        if case .wait(let seconds) = step { clock.addTimeInterval(Double(seconds)) }
        continue
      }
      let before = Held(devices[d])
      let local = clock.addingTimeInterval(Double(scenario.skew(d)))
      var now = local
      switch step {
      case .rename, .setExercise, .removeExercise, .logSet, .delete:
        now = max(local, max(lastChange[d], before.latest).addingTimeInterval(0.001))
        lastChange[d] = now
      default: break
      }
      var event = Event(
        index: index, step: step, now: now, before: before, after: nil, cloudBefore: cloud,
        cloudAfter: cloud)
      switch step {
      case .rename, .setExercise, .removeExercise:
        guard let template = Self.edited(step, held: devices[d].templates, created: &created, now: now) else {
          continue
        }
        event.saved = (template, nil, devices[d].save(template, now: now))
        event.key = template.key
      case .logSet(_, let reps):
        let key = WorkoutScenario.key(2)
        var session: WorkoutSession
        if let held = devices[d].sessions[key] {
          session = held
        } else {
          guard created.insert(key).inserted else { continue }
          session = WorkoutSession(id: key.id, sets: [], updatedAt: now)
        }
        session.sets.append(
          SetData(
            id: Gen.workoutID(0x1000 + (index ?? 0)), exerciseID: Gen.workoutID(1), reps: reps, grams: 20_000)
        )
        event.saved = (nil, session, devices[d].save(session, now: now))
        event.key = key
      case .delete(_, let entity):
        let key = WorkoutScenario.key(entity)
        guard devices[d].templates[key] != nil || devices[d].sessions[key] != nil else { continue }
        devices[d].delete(key, now: now)
        event.key = key
      case .sync:
        _ = devices[d].sync(with: &cloud, now: now)
      case .restart(_, let damaged):
        var bytes = devices[d].persisted()
        if damaged { bytes = Self.damaged(bytes) }
        let (device, corrupted) = system.workoutSync.restoreWorkoutDevice(
          from: bytes, policy: SyncPolicy.workout)
        devices[d] = device
        event.restart = (damaged, corrupted)
      case .wait: continue
      }
      event.after = Held(devices[d])
      event.cloudAfter = cloud
      events.append(event)
    }
    final = devices.map(Held.init)
  }

  /// `bytes` with one bit flipped two thirds of the way in.
  ///
  /// Inside the body of any store, where it may fall in a value (read as another value unless a checksum
  /// catches it) or in the syntax.
  package static func damaged(_ bytes: Data) -> Data {
    guard !bytes.isEmpty else { return Data([0]) }
    var copy = bytes
    let at = copy.startIndex + copy.count * 2 / 3
    copy[at] ^= 0x02
    return copy
  }

  /// The template `step` saves, or nil when the device cannot edit it.
  ///
  /// The template `step` saves: the device's version with the change, or a new one when no device
  /// ever created it; nil when the device does not hold it and another did (it cannot edit it).
  private static func edited(
    _ step: WorkoutScenario.Step, held: [WorkoutKey: WorkoutTemplate], created: inout Set<WorkoutKey>,
    now: Date
  ) -> WorkoutTemplate? {
    let entity: Int
    switch step {
    case .rename(_, let e, _), .setExercise(_, let e, _, _, _), .removeExercise(_, let e, _): entity = e
    default: return nil
    }
    let key = WorkoutScenario.key(entity)
    var template: WorkoutTemplate
    if let version = held[key] {
      template = version
    } else {
      guard created.insert(key).inserted else { return nil }
      template = WorkoutTemplate(
        kind: key.kind == .module ? .module : .workout, id: key.id, name: "New", notes: "", updatedAt: now,
        exercises: [])
    }
    switch step {
    case .rename(_, _, let name): template.name = name
    case .setExercise(_, _, let exercise, let order, let sets):
      let id = Gen.workoutID(exercise)
      let child = ExerciseInstance(
        id: id, order: order, name: "Exercise \(exercise)", sets: sets, reps: 8, updatedAt: now)
      template = WorkoutTemplate(
        kind: template.kind, id: template.id, name: template.name, notes: template.notes,
        updatedAt: template.updatedAt, exercises: template.exercises.filter { $0.id != id } + [child])
    case .removeExercise(_, _, let exercise):
      template.exercises.removeAll { $0.id == Gen.workoutID(exercise) }
    default: break
    }
    return template
  }
}
