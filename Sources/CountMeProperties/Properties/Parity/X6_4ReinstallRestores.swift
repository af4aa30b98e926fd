import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 6.4: when iOS loads its logs after a reinstall, the data synced before is restored.
  ///
  /// In X5.5's world, the app deleted from the iPhone and installed again at some step (its local
  /// logs, download cursor and queue gone). The oracle, written out: the first iPhone pass after
  /// the reinstall whose download is answered ends with the iPhone holding every log the cloud
  /// held when it was answered, exactly (content and `updatedAt`), Android's saves and the
  /// iPhone's own alike; a log the iPhone saved again since the reinstall may be its own version
  /// instead, when that is not older. Saves never uploaded before the reinstall went with the app:
  /// the seed promises back only what was synced.
  ///
  /// Kill budget 500: `sync-cursor-survives-reinstall` dies within 54 cases at worst of 60 seeds.
  static let reinstallRestores = paritySyncProperty(
    "X6.4", "A reinstalled iPhone gets back every synced log", validates: ["6.4", "6.3"],
    killBudget: 500, generator: reinstalling,
    expect: "the first sync after a reinstall leaves the iPhone holding every log the cloud held",
    anomaly: .lostUpdate, judge: judgeReinstallRestores)

  /// Seed 003's scenarios with the app deleted and installed again at a drawn step.
  static let reinstalling: Generator<Tagged<ParityScenario>> = Gen.zip(
    Gen.parityScenario, Gen.int(in: 0...14, shrinkingToward: 0)
  ).map { drawn, at in
    var scenario = drawn.value
    scenario.steps.insert(.iosReinstall, at: min(at, scenario.steps.count))
    return Tagged(scenario, tags: drawn.tags + ["Parity.reinstall"], violations: drawn.violations)
  }

  static func judgeReinstallRestores(_ run: ParityRun) -> Observation {
    if let last = run.lastReinstall, run.restores.last?.reinstalledAt != last {
      return .broke("the app was installed again at step \(last), and no sync of the iPhone downloaded since")
    }
    for restore in run.restores {
      let savedSince = Set(run.saves.filter { $0.onIPhone && $0.step > restore.reinstalledAt }.map(\.slot))
      for slot in 0..<ParityScenario.logs {
        guard let synced = restore.cloud[slot] else { continue }
        let held = restore.after[slot]
        if held == synced { continue }
        if savedSince.contains(slot), let held, held.updatedAt >= synced.updatedAt { continue }
        let pass = restore.step.map { "at step \($0)" } ?? "in the quiet spell"
        return .broke(
          "the app was installed again at step \(restore.reinstalledAt); its first sync that downloaded "
            + "(\(pass)) found log \(slot) in the cloud (\(ParityRun.describe(synced))), yet the iPhone "
            + "holds \(ParityRun.describe(held))", step: restore.step)
      }
    }
    return .holds
  }
}
