import CloudFake
import CountMeCore
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// `CloudFake` held to Firestore over whole multi-device runs.
///
/// The worlds of F12–F18, F22, F23, F29 and F30 (`CloudDevicesRun`, any collection, with sign-ups) and F21's
/// runs through the cloud (`CloudLogRun`), run once on the fake and once on the emulator (under
/// `firestore.rules`) with the same faults, must get the same answer to every call: each write's result, each
/// download's documents in order (cursors numbered as the fake numbers them, `EmulatorCloud`), each deletion,
/// another client's writes, and every document the harness reads of the cloud to judge a run.
///
/// The devices are CountMeCore's. An answer that differs changes what the devices do next, so the
/// first difference is the one reported, with both answers and the calls before it.
enum ScenarioFidelity {
  /// The worlds of every cloud-backed property: entity runs (one in two), runs with a sign-up (one
  /// in four) and F21's log runs (one in four).
  static let generator: Generator<Tagged<CloudDevicesInput>> = Gen.frequency([
    (2, CloudDevicesInput.generator), (1, CloudDevicesInput.migrationGenerator),
    (1, CloudDevicesInput.logGenerator),
  ]).map { Tagged($0, tags: Firebase.cloudDevicesTags($0)) }

  /// What `cloud` answers to `input`'s run, call by call, and how the run ended.
  static func transcript<Cloud: SimulationCloud>(_ input: CloudDevicesInput, on cloud: Cloud) -> [String] {
    var recorded = RecordedCloud(cloud)
    let ending: String
    do {
      if input.logRun {
        _ = try CloudLogRun.run(input, .reference, on: &recorded)
      } else {
        _ = try CloudDevicesRun.run(input, .reference, on: &recorded)
      }
      ending = "the run ended"
    } catch {
      ending = "the run stopped: \(error)"
    }
    return recorded.transcript + recorded.problems.map { "a problem: \($0)" } + [ending]
  }

  /// The gate on `projects` (each case an empty project under the rules they were made with).
  static func property(on projects: EmulatorProjects) -> Property<CloudDevicesInput> {
    property(on: projects) { CloudFake(plan: $0, start: DevicesRun.start) }
  }

  /// The gate with `fake` (a cloud made with a run's faults) in the fake's place: how a test shows
  /// that a fake unlike Firestore is caught.
  static func property<Fake: SimulationCloud & SendableMetatype>(
    on projects: EmulatorProjects, fake makeFake: @escaping @Sendable (FaultPlan) -> Fake
  ) -> Property<CloudDevicesInput> {
    Property(
      id: "C2", name: "CloudFake answers every device's call as Firestore does", validates: ["10.3", "10.4"],
      generator: generator, describe: \.json
    ) { tagged in
      let input = tagged.value
      let fake = transcript(input, on: makeFake(input.faults))
      let firestore: [String]
      do {
        firestore = try projects.withStore { transcript(input, on: EmulatorCloud($0, plan: input.faults)) }
      } catch {
        return .fail(observed: "the Firestore emulator lent no project: \(error)", expected: "a project")
      }
      guard
        let index = (0..<max(fake.count, firestore.count)).first(where: {
          fake[safe: $0] != firestore[safe: $0]
        })
      else { return .pass }
      let before = fake[..<index].suffix(3).joined(separator: "; ")
      return .fail(
        observed: "answer \(index + 1) (after: \(before.isEmpty ? "nothing" : before)): CloudFake: "
          + "\(fake[safe: index] ?? "no more answers"); Firestore: \(firestore[safe: index] ?? "no more answers")",
        expected: "the same answer to every call")
    }
  }
}

extension Array {
  /// The element at `index`, or nil past the end.
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
