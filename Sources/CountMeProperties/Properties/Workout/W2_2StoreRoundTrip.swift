import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// Scenarios with restarts, some of them with the store damaged (W2.2 and W2.6).
  static let restarting = WorkoutScenario.Shape(waits: [1, 60, 86_400], restarts: true)

  /// Seed 004, 2.2: the stored form and the domain form convert both ways losing nothing.
  ///
  /// A restart whose store is intact restores exactly what the device held: every template with each field
  /// and exercise, every session with its sets, every deletion record with its times.
  static let storeRoundTrip = runSpec(
    "W2.2", "A store round trip loses nothing", validates: ["2.2"], shape: restarting, killBudget: 200,
    statement: "an intact store restores exactly what the device held", anomaly: .lostUpdate
  ) { run in
    for event in run.events {
      guard let restart = event.restart, !restart.damaged, let before = event.before, let after = event.after
      else { continue }
      let at = WorkoutRun.place(event)
      if let reason = restart.corrupted {
        return .broke("\(at): the intact store did not load: \(reason)", step: event.index)
      }
      if let lost = firstChange(before.templates, after.templates, WorkoutJSON.json)
        ?? firstChange(before.sessions, after.sessions, WorkoutJSON.json)
      {
        return .broke("\(at): \(lost)", step: event.index)
      }
      if before.records != after.records {
        return .broke(
          "\(at): deletion records \(before.records.values.sorted { $0.key < $1.key }), restored "
            + "\(after.records.values.sorted { $0.key < $1.key })", step: event.index)
      }
    }
    return .holds
  }

  /// The first entity, in key order, that `before` and `after` hold differently, said as "…was …,
  /// restored …"; nil when they hold the same.
  private static func firstChange<Version: Equatable>(
    _ before: [WorkoutKey: Version], _ after: [WorkoutKey: Version], _ json: (Version) -> JSON
  ) -> String? {
    guard let key = Set(before.keys).union(after.keys).sorted().first(where: { before[$0] != after[$0] })
    else {
      return nil
    }
    return "\(key) was \(before[key].map { json($0).text() } ?? "absent"), restored "
      + (after[key].map { json($0).text() } ?? "absent")
  }

  /// Seed 004, 2.6: a store that cannot be read is recreated, empty, and the next sync refills it.
  ///
  /// Seed 004, 2.6: a store that cannot be read is recreated, empty, with the reason said (never a
  /// crash, never damaged data taken as sound), and the device's next sync brings back everything
  /// the cloud holds: each entity in the cloud's version, when the device changed nothing between.
  static let damagedStoreRecovered = runSpec(
    "W2.6", "A damaged store is recreated and recovered from the cloud", validates: ["2.6"],
    shape: restarting, killBudget: 300,
    statement: "a damaged store is reported and recreated empty; the next sync restores the cloud's data",
    anomaly: .lostUpdate
  ) { run in
    var recreated: [Int: Int] = [:]
    for (position, event) in run.events.enumerated() {
      guard let device = event.step.device else { continue }
      let at = WorkoutRun.place(event)
      switch event.step {
      case .restart(_, true):
        guard let after = event.after, event.restart?.corrupted != nil else {
          return .broke(
            "\(at): the damaged store loaded as if sound", anomaly: .phantomData, step: event.index)
        }
        guard after.templates.isEmpty, after.sessions.isEmpty, after.records.isEmpty else {
          return .broke(
            "\(at): the damaged store was reported, yet the device holds \(after.templates.count + after.sessions.count) "
              + "entities and \(after.records.count) records", anomaly: .phantomData, step: event.index)
        }
        recreated[device] = position
      case .sync:
        guard recreated.removeValue(forKey: device) != nil, let after = event.after else { continue }
        for (key, version) in event.cloudBefore.templates.sorted(by: { $0.key < $1.key })
        where after.templates[key] != version {
          return .broke(
            "\(at): the recreated store's first sync holds \(after.templates[key].map { WorkoutJSON.json($0).text() } ?? "nothing") "
              + "for \(key); the cloud has \(WorkoutJSON.json(version).text())", step: event.index)
        }
        for (key, version) in event.cloudBefore.sessions.sorted(by: { $0.key < $1.key })
        where after.sessions[key] != version {
          return .broke(
            "\(at): the recreated store's first sync holds \(after.sessions[key].map { WorkoutJSON.json($0).text() } ?? "nothing") "
              + "for \(key); the cloud has \(WorkoutJSON.json(version).text())", step: event.index)
        }
      case .restart(_, false):
        continue
      default:
        // A change before the first sync makes the device's own version meet the cloud's: what
        // recovery means then is W1.4–W1.6's, not this property's.
        recreated.removeValue(forKey: device)
      }
    }
    return .holds
  }
}
