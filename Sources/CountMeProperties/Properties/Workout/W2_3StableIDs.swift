import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// Seed 004, 2.3: ids are assigned at creation and never regenerated.
  ///
  /// Every id a device or the cloud holds, of an entity or of an exercise, after every step and at the end,
  /// is one a device gave it when it created it (the ids of the versions the scenario saved), and every
  /// version is held under its own id.
  static let stableIDs = runSpec(
    "W2.3", "Ids are assigned at creation and never regenerated", validates: ["2.3"], killBudget: 200,
    statement: "every id held is one given at creation; every version under its own id",
    anomaly: .phantomData
  ) { run in
    var entities: Set<UUID> = []
    var exercises: Set<UUID> = []
    for event in run.events {
      if let template = event.saved?.template {
        entities.insert(template.id)
        exercises.formUnion(template.exercises.map(\.id))
      }
      if let session = event.saved?.session { entities.insert(session.id) }
    }
    func problem(
      _ templates: [WorkoutKey: WorkoutTemplate], _ sessions: [WorkoutKey: WorkoutSession], _ holder: String
    ) -> String? {
      for (key, template) in templates.sorted(by: { $0.key < $1.key }) {
        if template.key != key { return "\(holder) holds \(template.key) under \(key)" }
        if !entities.contains(key.id) { return "\(holder) holds \(key), an id no device created" }
        if let child = template.exercises.first(where: { !exercises.contains($0.id) }) {
          return "\(holder)'s \(key) has exercise \(child.id.uuidString), an id no device created"
        }
      }
      for (key, session) in sessions.sorted(by: { $0.key < $1.key }) {
        if session.key != key { return "\(holder) holds \(session.key) under \(key)" }
        if !entities.contains(key.id) { return "\(holder) holds \(key), an id no device created" }
      }
      return nil
    }
    for event in run.events {
      let at = WorkoutRun.place(event)
      if let after = event.after, let found = problem(after.templates, after.sessions, "the device") {
        return .broke("\(at): \(found)", step: event.index)
      }
      if let found = problem(event.cloudAfter.templates, event.cloudAfter.sessions, "the cloud") {
        return .broke("\(at): \(found)", step: event.index)
      }
    }
    for (device, held) in run.final.enumerated() {
      if let found = problem(held.templates, held.sessions, "device \(device)") {
        return .broke("at the end: \(found)")
      }
    }
    return .holds
  }
}
