import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

/// What seed 004's "why it matters" lines promise, as properties of a whole run.
///
/// What seed 004's "why it matters" lines promise, as properties of a whole run (`W<section>.<n>`):
/// the workout policy's own rules break each, so each is a known finding of the policy, reported
/// with its minimal counterexample (docs/rules.md, "The workout policy").
extension Workout {
  /// 1.4's reason: once every device has synced, they all hold the same content.
  ///
  /// 1.4's reason, "consistent conflict resolution prevents data oscillation between devices": once
  /// every device has synced, twice in turn, they all hold the same content (`updatedAt`s aside:
  /// 1.6's hash skip leaves a merged version's later `updatedAt` on the device that merged it).
  static let syncedDevicesAgree = runSpec(
    "W1.4.1", "Devices that synced hold the same content", validates: ["1.4"], killBudget: 300,
    statement: "every device holds the same once all have synced", anomaly: .divergence,
    knownFinding: "a tie goes to local on both devices, so two devices that changed one entity at the same "
      + "instant each keep their own version and overwrite the cloud's in turn, for ever"
  ) { run in
    for (index, held) in run.final.enumerated().dropFirst() where !sameData(held, run.final[0]) {
      return .broke("device \(index) holds \(describe(held)); device 0 holds \(describe(run.final[0]))")
    }
    return .holds
  }

  /// 1.5's reason: nothing deleted is live anywhere once every device has synced.
  ///
  /// 1.5's reason, "prevents resurrection of deleted items from stale device caches", where no device
  /// is offline for 30 days: nothing deleted is live anywhere once every device has synced.
  static let deletedStaysDeleted = runSpec(
    "W1.5.1", "A deleted entity stays deleted", validates: ["1.5"],
    shape: .init(waits: [1, 60, 3_600], skewed: true), killBudget: 300, generatorVersion: 2,
    statement: "nothing deleted is live on any device once all have synced", anomaly: .resurrection,
    knownFinding: "an edit made after a deletion, on a device that had not heard of it, is kept (1.5's "
      + "exception) and brings the entity back on every device, the one that deleted it included; "
      + "with clocks skewed, so does an edit made before the deletion on a clock that runs ahead",
    judge: judgeNothingResurrected)

  /// 2.4's and 1.5's reasons with a device offline past 30 days: nothing deleted comes back.
  ///
  /// 2.4's and 1.5's reasons where no edit follows a deletion but a device may be offline for more
  /// than 30 days: nothing deleted is live anywhere once every device has synced.
  static let deletionOutlivesLongOffline = runSpec(
    "W1.5.2", "A deletion survives a device offline for over 30 days", validates: ["1.5", "2.4"],
    shape: .init(editsBeforeDeletions: true), killBudget: 300,
    statement: "nothing deleted is live on any device once all have synced", anomaly: .resurrection,
    knownFinding: "deletion records are cleaned once synced and 30 days old, on devices and in the cloud, so "
      + "a deletion that travels after 30 days is forgotten as it arrives, and a copy a device still holds "
      + "comes back",
    judge: judgeNothingResurrected)

  /// 1.6's reason: an exercise removed from a module stays removed once every device has synced.
  ///
  /// 1.6's reason, "allows collaborative editing without losing either user's work": an exercise
  /// removed from a module stays removed once every device has synced, unless a later save set it.
  static let removedExerciseStaysRemoved = runSpec(
    "W1.6.1", "A removed exercise stays removed", validates: ["1.6"], shape: .init(deletes: false),
    killBudget: 300,
    statement: "an exercise removed after its last change is on no device once all have synced",
    anomaly: .resurrection,
    knownFinding: "children merge by id with no record of a removal, so an exercise one device removed comes "
      + "back from another device's copy"
  ) { run in
    var removed: [WorkoutKey: [UUID: (Date, String)]] = [:]
    var set: [WorkoutKey: [UUID: Date]] = [:]
    for event in run.events {
      guard let template = event.saved?.template, event.saved?.changed == true, let before = event.before
      else { continue }
      let old = before.templates[template.key]?.exercises ?? []
      for child in old where !template.exercises.contains(where: { $0.id == child.id }) {
        removed[template.key, default: [:]][child.id] = (event.now, WorkoutRun.place(event))
      }
      for child in template.exercises {
        let previous = old.first { $0.id == child.id }
        if previous.map({
          ($0.order, $0.name, $0.sets, $0.reps) != (child.order, child.name, child.sets, child.reps)
        })
          ?? true
        {
          set[template.key, default: [:]][child.id] = event.now
        }
      }
    }
    for (index, held) in run.final.enumerated() {
      for template in held.templates.values.sorted(by: { $0.key < $1.key }) {
        for child in template.exercises {
          guard let (at, place) = removed[template.key]?[child.id],
            at > (set[template.key]?[child.id] ?? .distantPast)
          else { continue }
          return .broke(
            "exercise \(child.id.uuidString.suffix(2)), removed from \(template.key) \(place) after its last change, "
              + "is back on device \(index)")
        }
      }
    }
    return .holds
  }

  /// Nothing any step deleted is live on a device or in the cloud at the end.
  @Sendable static func judgeNothingResurrected(_ run: WorkoutRun) -> Observation {
    for event in run.events {
      guard case .delete = event.step, let key = event.key else { continue }
      for (index, held) in run.final.enumerated() where held.updatedAt(key) != nil {
        return .broke("\(key), deleted \(WorkoutRun.place(event)), is live again on device \(index)")
      }
    }
    return .holds
  }

  /// Whether two devices hold the same entities with the same content (`sameContent`; a session's
  /// sets).
  static func sameData(_ a: WorkoutRun.Held, _ b: WorkoutRun.Held) -> Bool {
    a.templates.keys == b.templates.keys && a.sessions.keys == b.sessions.keys
      && a.templates.allSatisfy { key, template in b.templates[key].map { sameContent(template, $0) } ?? false
      }
      && a.sessions.allSatisfy { key, session in b.sessions[key]?.sets == session.sets }
  }

  /// What a device holds, briefly.
  static func describe(_ held: WorkoutRun.Held) -> String {
    let parts =
      held.templates.values.sorted { $0.key < $1.key }.map { WorkoutJSON.json($0).text() }
      + held.sessions.values.sorted { $0.key < $1.key }.map { WorkoutJSON.json($0).text() }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }
}
