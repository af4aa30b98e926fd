import CloudFake
import FirestoreCloud
import Foundation
import Synchronization

/// The cloud a run's multi-device simulations sync through: the fake, or the emulator.
///
/// The cloud a run's multi-device simulations sync through: `CloudFake`, or a real Firestore (the
/// emulator), each case on an empty project of its own under the rules the projects were made with.
package enum SyncCloud: Sendable {
  case fake
  case firestore(EmulatorProjects)

  /// Projects on the process's emulator under `rules`, made once per rules text; or why there are
  /// none (the emulator missing).
  ///
  /// The first call starts the emulator.
  static func emulatorProjects(under rules: RulesFile) -> Result<
    EmulatorProjects, FirestoreEmulator.Failure
  > {
    FirestoreEmulator.shared.map { emulator in
      made.withLock { made in
        if let projects = made[rules.text] { return projects }
        let projects = EmulatorProjects(on: emulator, rules: rules.text, prefix: "demo-countme-devices")
        made[rules.text] = projects
        return projects
      }
    }
  }

  /// Firestore under `rules`; or why there is none.
  package static func emulator(under rules: RulesFile) -> Result<SyncCloud, FirestoreEmulator.Failure> {
    emulatorProjects(under: rules).map(SyncCloud.firestore)
  }

  /// The projects made so far, by the text of their rules.
  private static let made = Mutex<[String: EmulatorProjects]>([:])

  /// A run on this cloud with `plan`'s faults.
  ///
  /// `fake` on a fresh `CloudFake`, or `firestore` on an `EmulatorCloud` with a project of its own, lent for
  /// the run.
  ///
  /// (Two closures, one per cloud, so each run is compiled for its cloud: the fake's path pays nothing for
  /// the other.)
  ///
  /// - Throws: what the run throws; `RunFailure` when the emulator lends no project, or
  ///   answers what no device may be judged by (`SimulationCloud.problems`).
  func running<T>(
    _ plan: FaultPlan, fake: (inout CloudFake) throws -> T, firestore: (inout EmulatorCloud) throws -> T
  ) throws -> T {
    switch self {
    case .fake:
      var cloud = CloudFake(plan: plan, start: DevicesRun.start)
      return try fake(&cloud)
    case .firestore(let projects):
      do {
        return try projects.withStore { store in
          var cloud = EmulatorCloud(store, plan: plan)
          let result = try firestore(&cloud)
          if let problem = cloud.problems.first {
            throw RunFailure("the Firestore emulator: \(problem)")
          }
          return result
        }
      } catch let failure as FirestoreEmulator.Failure {
        throw RunFailure("the Firestore emulator lent no project: \(failure)")
      }
    }
  }
}
