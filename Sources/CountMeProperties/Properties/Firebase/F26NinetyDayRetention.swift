import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 26: retention deletes exactly the daily logs older than 90 days, everywhere.
  ///
  /// Property 26: retention deletes exactly the daily logs older than 90 days, on the device that
  /// runs it, and the deletion reaches the cloud and every other device.
  ///
  /// The oracle, written out in whole milliseconds from the scenario's own numbers: a log is older
  /// than 90 days at a device's time `now` when `now − date > 90 × 86,400,000` (see
  /// `CountMeCore.Retention` for why the boundary is there). After each retention pass, every log
  /// the device held is gone if it was older, and unchanged if not. Once quiet, a log some pass had
  /// to delete is live nowhere, and every other log is live everywhere: nothing else in the
  /// scenario deletes a log. Judged by effect: how a place remembers a deletion is its own affair,
  /// named as the cause when a deleted log comes back where no deletion record was kept.
  ///
  /// One case in three (since its generator's version 2) syncs daily logs through the cloud
  /// instead, the retention's deletions travelling as any deletion does
  /// (`judgeNinetyDayRetentionThroughTheCloud`).
  static let ninetyDayRetention = {
    var spec = PropertySpec(
      id: "F26", name: "90-day retention with sync", validates: ["11.1", "11.2", "11.5"],
      judges: [.retention, .deviceSync], uses: [.queue], killBudget: 500,
      generator: { _ in RetentionWorldInput.generator }, encode: \.json,
      decode: { json, _ in try RetentionWorldInput(json: json) },
      expect: { _ in
        .holds("every log older than 90 days is deleted everywhere, and every other log kept everywhere")
      },
      observe: { input, system in
        switch input {
        case .stores(let scenario):
          return judging({ try RetentionRun.run(scenario, system) }, judgeNinetyDayRetention)
        case .cloud(let input):
          return judging({ try CloudDevicesRun.run(input, system) }, judgeNinetyDayRetentionThroughTheCloud)
        }
      })
    spec.cloud = .simulations
    spec.anomaly = .lostUpdate
    spec.generatorVersion = 2
    spec.story = { input, system in
      switch input {
      case .stores(let scenario): return scenario.story(system)
      case .cloud(let input): return input.story(system)
      }
    }
    return spec.erased
  }()

  /// The verdict on one run.
  static func judgeNinetyDayRetention(_ run: RetentionRun) -> Observation {
    var due = Set<Int>()
    for pass in run.passes {
      for slot in run.scenario.logs.indices {
        let id = RetentionRun.logID(slot)
        guard let held = pass.before.dailyLogs.live[id] else { continue }
        let older = pass.now - run.logDate(slot) > Int64(RetentionScenario.period)
        let what =
          "device \(pass.device)'s retention pass, with log \(slot) \(run.age(ofLog: slot, at: pass.now))"
        if older {
          due.insert(slot)
          guard pass.after.dailyLogs.live[id] == nil else {
            return .broke("\(what), did not delete it (older than 90 days)", anomaly: .resurrection)
          }
        } else if pass.after.dailyLogs.live[id] != held {
          return .broke("\(what), \(pass.after.dailyLogs.live[id] == nil ? "deleted" : "changed") it")
        }
      }
    }
    for slot in run.scenario.logs.indices {
      let id = RetentionRun.logID(slot)
      for (name, data) in run.places where (data.dailyLogs.live[id] != nil) == due.contains(slot) {
        guard due.contains(slot) else {
          return .broke(
            "log \(slot) was never due for deletion, but once quiet \(name) lacks it: \(run.views(ofLog: slot))"
          )
        }
        let forgetful = run.places.filter { $0.data.dailyLogs.deleted[id] == nil }
        return .broke(
          "log \(slot) was deleted for its age, but once quiet \(name) still holds it: \(run.views(ofLog: slot))"
            + (forgetful.isEmpty
              ? "" : "; no deletion record kept by " + forgetful.map(\.name).joined(separator: ", ")),
          anomaly: .resurrection)
      }
    }
    return .holds
  }

  /// Tags of a retention scenario: devices, skewed clocks, and whether a log is at the boundary.
  static func retentionTags(_ scenario: RetentionScenario) -> [String] {
    var tags = ["Retention.devices\(scenario.skews.count)"]
    if scenario.skews.contains(where: { $0 != 0 }) { tags.append("Retention.skewed") }
    let period = RetentionScenario.period
    if scenario.logs.contains(where: { abs($0.age - period) <= 1 }) { tags.append("Retention.boundaryLog") }
    if scenario.steps.contains(where: { if case .retention = $0 { true } else { false } }) {
      tags.append("Retention.runs")
    }
    if !scenario.mealAges.isEmpty { tags.append("Retention.meals") }
    if scenario.goalAge != nil { tags.append("Retention.goal") }
    return tags
  }
}
