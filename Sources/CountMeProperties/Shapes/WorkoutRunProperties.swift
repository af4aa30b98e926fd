import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// A W property judged over a `WorkoutRun` of scenarios shaped as `shape`.
  static func runSpec(
    _ id: PropertyID, _ name: String, validates: [String], shape: WorkoutScenario.Shape = .init(),
    killBudget: Int, generatorVersion: Int = 1, statement: String, anomaly: Anomaly,
    knownFinding: String? = nil,
    judge: @escaping @Sendable (WorkoutRun) -> Observation
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.workoutSync], policy: policy,
      killBudget: killBudget,
      generator: { _ in WorkoutScenario.generator(shape) }, encode: \.json,
      decode: { json, _ in try WorkoutScenario.decode(json) }, expect: { _ in .holds(statement) },
      observe: { scenario, system in judge(WorkoutRun(scenario, system)) })
    spec.anomaly = anomaly
    spec.knownFinding = knownFinding
    spec.generatorVersion = generatorVersion
    return spec.erased
  }

  /// Whether two templates have the same content as seed 004 means it (2.5): every field but the
  /// `updatedAt`s, the exercises compared as a set by id.
  static func sameContent(_ a: WorkoutTemplate, _ b: WorkoutTemplate) -> Bool {
    func children(_ t: WorkoutTemplate) -> [String] {
      t.exercises.map { "\($0.id.uuidString) \($0.order) \($0.name) \($0.sets) \($0.reps)" }.sorted()
    }
    return (a.kind, a.id, a.name, a.notes) == (b.kind, b.id, b.name, b.notes) && children(a) == children(b)
  }

  /// Seed 004, 2.5: a save stamps `updatedAt` only when content changes.
  ///
  /// A save of the content held changes nothing and says so; any other save stores the content with
  /// `updatedAt` the save's time, and each exercise keeps its own `updatedAt` unless it changed or is new
  /// (then the save's time). A session is only ever extended (1.7).
  static let updatedAtOnContentChange = runSpec(
    "W2.5", "updatedAt changes only when content changes", validates: ["2.5", "1.6"], killBudget: 200,
    statement: "a save without a change leaves updatedAt; a change stamps it, and only the changed exercises",
    anomaly: .wrongSyncStatus
  ) { run in
    for event in run.events {
      guard let saved = event.saved, let key = event.key, let before = event.before, let after = event.after
      else { continue }
      let at = WorkoutRun.place(event)
      if let template = saved.template {
        let held = before.templates[key]
        let kept = after.templates[key]
        if let held, sameContent(held, template) {
          guard !saved.changed, kept == held else {
            return .broke(
              "\(at): saving \(key) unchanged changed it: \(kept.map { WorkoutJSON.json($0).text() } ?? "gone")"
            )
          }
          continue
        }
        guard saved.changed, let kept, sameContent(kept, template), kept.updatedAt == event.now else {
          return .broke(
            "\(at): saving a change to \(key) kept \(kept.map { WorkoutJSON.json($0).text() } ?? "nothing")"
              + (saved.changed ? "" : " and answered unchanged"), anomaly: .lostUpdate)
        }
        for child in kept.exercises {
          let old = held?.exercises.first { $0.id == child.id }
          let unchanged = old.flatMap {
            ($0.order, $0.name, $0.sets, $0.reps) == (child.order, child.name, child.sets, child.reps)
              ? $0 : nil
          }
          let expected = unchanged?.updatedAt ?? event.now
          guard child.updatedAt == expected else {
            return .broke(
              "\(at): exercise \(child.id.uuidString.suffix(2)) of \(key) \(unchanged == nil ? "changed" : "unchanged") "
                + "has updatedAt \(FirestoreTime.text(child.updatedAt)), expected \(FirestoreTime.text(expected))"
            )
          }
        }
      } else if let session = saved.session {
        guard saved.changed, after.sessions[key]?.sets == session.sets,
          after.sessions[key]?.updatedAt == event.now
        else {
          return .broke(
            "\(at): logging a set in \(key) kept \(after.sessions[key].map { WorkoutJSON.json($0).text() } ?? "nothing")"
          )
        }
      }
    }
    return .holds
  }
}
