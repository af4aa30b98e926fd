import Foundation
import Generators

/// An iOS and an Android device of one user saving and syncing the same two daily logs.
///
/// An iOS and an Android device of one user, each saving the same two daily logs in seed 003's
/// format and syncing them through one cloud: the input of X5.5 and X5.6.
package struct ParityScenario: Sendable, Equatable {
  /// One thing that happens.
  package enum Step: Sendable, Equatable {
    /// The user saves log `log` (0 or 1) on the iPhone with `calories` eaten.
    case iosSave(log: Int, calories: Int)
    /// The same on the Android phone.
    case androidSave(log: Int, calories: Int)
    /// The iPhone syncs (a pass).
    case iosSync
    /// The Android phone syncs.
    case androidSync
    /// The iPhone loses its network.
    case iosOffline
    /// The iPhone's network comes back.
    case iosOnline
    /// Time passes: often less than a second, so two saves share a second.
    case advance(milliseconds: Int)
    /// The app is deleted from the iPhone and installed again: its local logs, cursor and queue go.
    case iosReinstall
  }

  /// The logs: two days of one user.
  package static let logs = 2
  /// How far the Android phone's clock is ahead of the iPhone's (behind when negative), in ms.
  package var androidSkew: Int
  /// The calories of the logs the iPhone saved before the fix (seed 003, 5.4): log 0 first, then
  /// log 1; in its local store only, never uploaded.
  package var preFix: [Int]
  /// What happens, in order.
  package var steps: [Step]

  /// Creates a `ParityScenario` from its parts.
  package init(androidSkew: Int, preFix: [Int] = [], steps: [Step]) {
    self.androidSkew = androidSkew
    self.preFix = preFix
    self.steps = steps
  }
}

extension Gen {
  /// Up to 14 steps of saves, syncs, the iPhone's network and time passing.
  ///
  /// Up to 14 steps: saves on both phones (often within the same second), syncs, the iPhone
  /// going offline and back, time passing; the Android clock up to 2 s off the iPhone's; one case
  /// in three with one or two logs the iPhone saved before the fix.
  package static let parityScenario: Generator<Tagged<ParityScenario>> = {
    let log = int(in: 0...(ParityScenario.logs - 1))
    let calories = biased(toward: [0, 500, 2_000], probability: 0.3, otherwise: int(in: 0...5_000))
    let step: Generator<ParityScenario.Step> = frequency([
      (4, zip(log, calories).map { ParityScenario.Step.iosSave(log: $0, calories: $1) }),
      (4, zip(log, calories).map { ParityScenario.Step.androidSave(log: $0, calories: $1) }),
      (3, constant(.iosSync)), (3, constant(.androidSync)),
      (2, constant(.iosOffline)), (2, constant(.iosOnline)),
      (
        4,
        biased(toward: [0, 999, 1_000], probability: 0.3, otherwise: int(in: 0...3_000, shrinkingToward: 0))
          .map { ParityScenario.Step.advance(milliseconds: $0) }
      ),
    ])
    let skew = biased(
      toward: [0, 999, -999], probability: 0.4, otherwise: int(in: -2_000...2_000, shrinkingToward: 0))
    let preFix = frequency([
      (2, constant([Int]())), (1, array(of: calories, count: 1...ParityScenario.logs, averageExtra: 0.5)),
    ])
    return zip(zip(skew, preFix), array(of: step, count: 1...14, averageExtra: 6)).map { skewPreFix, steps in
      let (skew, preFix) = skewPreFix
      var tags: [String] = preFix.isEmpty ? [] : ["Parity.preFixData"]
      if steps.contains(.iosOffline) { tags.append("Parity.iosOffline") }
      if steps.contains(where: { if case .androidSave = $0 { return true } else { return false } }),
        steps.contains(where: { if case .iosSave = $0 { return true } else { return false } })
      {
        tags.append("Parity.savedOnBoth")
      }
      return Tagged(ParityScenario(androidSkew: skew, preFix: preFix, steps: steps), tags: tags)
    }
  }()
}
