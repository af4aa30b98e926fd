import CountMeContract
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 5.6 (and 2.2, 2.3, 6.3): between an iPhone and an Android phone, conflicts go by
  /// `updatedAt`, last write wins.
  ///
  /// The oracle, from the schema's rules (`docs/rules.md`, "Android parity"):
  /// - every save is stamped later than the version it replaced on its phone (two saves within a
  ///   second included: else the second ties with the first, and can lose to it: a lost update),
  ///   and exactly the later of its clock's whole second and a second after that version: a stamp
  ///   further ahead would beat a save made after it elsewhere;
  /// - once quiet, the iPhone, the Android phone and the cloud hold the same version of each log;
  /// - that version has the latest `updatedAt` of all the saves of that log, and the content of one
  ///   of the saves stamped with it (two saves on two phones within one second are a tie, which
  ///   the content breaks the same way everywhere: either may win, and one does, everywhere).
  static let lastWriteWinsAcrossPlatforms = paritySyncProperty(
    "X5.6", "Last write wins by updatedAt between iOS and Android", validates: ["5.6", "2.2", "2.3", "6.3"],
    expect: "every phone and the cloud end with the log's latest save", anomaly: .lostUpdate,
    judge: judgeLastWriteWinsAcrossPlatforms)

  static func judgeLastWriteWinsAcrossPlatforms(_ run: ParityRun) -> Observation {
    for save in run.saves {
      if let replaced = save.replaced, save.saved.updatedAt <= replaced {
        return .broke(
          "the save of log \(save.slot) \(save.when) on \(save.phone) is stamped \(save.saved.updatedAt) s, "
            + "not after the version it replaced there (\(replaced) s)",
          step: save.step >= 0 ? save.step : nil)
      }
      if let second = save.second {
        let expected = save.replaced.map { max(second, $0 + 1) } ?? second
        guard save.saved.updatedAt == expected else {
          return .broke(
            "the save of log \(save.slot) \(save.when) on \(save.phone) is stamped \(save.saved.updatedAt) s, "
              + "not \(expected) s: the later of its clock's second (\(second) s)"
              + (save.replaced.map { " and a second after the version it replaced (\($0) s)" } ?? ""),
            anomaly: .wrongSyncStatus, step: save.step >= 0 ? save.step : nil)
        }
      }
    }
    for slot in 0..<ParityScenario.logs {
      let held = [
        ("the iPhone", run.iPhone[slot]), ("the Android phone", run.android[slot]),
        ("the cloud", run.cloud[slot]),
      ]
      let saves = run.saves.filter { $0.slot == slot }
      guard let latest = saves.map(\.saved.updatedAt).max() else {
        if let holder = held.first(where: { $0.1 != nil }) {
          return .broke(
            "nobody saved log \(slot), yet \(holder.0) holds \(ParityRun.describe(holder.1))",
            anomaly: .phantomData)
        }
        continue
      }
      let winners = saves.filter { $0.saved.updatedAt == latest }
      for (place, version) in held {
        guard let version, winners.contains(where: { $0.saved == version }) else {
          let latestSaves = winners.map { "\(ParityRun.describe($0.saved)) (\($0.when), \($0.phone))" }
          return .broke(
            "once quiet \(place) holds log \(slot) as \(ParityRun.describe(version)), not its latest save: "
              + latestSaves.joined(separator: " or ") + "; " + views(run, slot))
        }
      }
      if let first = held.first?.1, let other = held.dropFirst().first(where: { $0.1 != first }) {
        return .broke(
          "once quiet the phones and the cloud disagree on log \(slot): \(views(run, slot)) (\(other.0))",
          anomaly: .divergence)
      }
    }
    return .holds
  }

  /// Every place's version of log `slot`, for a report.
  static func views(_ run: ParityRun, _ slot: Int) -> String {
    "iPhone \(ParityRun.describe(run.iPhone[slot])), Android \(ParityRun.describe(run.android[slot])), "
      + "cloud \(ParityRun.describe(run.cloud[slot]))"
  }
}
