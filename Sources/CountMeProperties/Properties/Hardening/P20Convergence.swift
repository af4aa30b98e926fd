import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 20 (ours): once faults stop and the queue drains, the cloud holds what the device holds.
  static let convergence = SyncProperties.spec(
    "P20", "Convergence once faults stop", validates: ["8.3", "8.4"],
    statement:
      "the cloud holds the newest local version of every entity not dropped, failed or removed by the app, "
      + "and nothing deleted comes back",
    anomaly: .divergence,
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...400, averageLength: 40, removeWeight: 1), options: $0)
    },
    judge: judgeConvergence)

  /// Once drained, the cloud holds the device's version of every entity it still should.
  ///
  /// Once drained, the cloud holds the device's version of every entity whose newest operation was
  /// not dropped, failed or removed by the app, and nothing deleted on the device is back in the
  /// cloud.
  static func judgeConvergence(_ trace: SyncTrace) -> TraceProblem? {
    guard let final = trace.final else { return nil }
    var newest: [EntityKey: (id: OperationID, operation: SyncOperation)] = [:]
    for (id, operation) in trace.operations {
      let key = operation.key
      if let current = newest[key],
        QueueSpecification.precedes((operation.timestamp, id), (current.operation.timestamp, current.id))
      {
        continue
      }
      newest[key] = (id, operation)
    }
    for (key, entry) in newest.sorted(by: { $0.key < $1.key }) {
      let state = final.states[entry.id]
      if case .dropped? = state { continue }
      if case .failed? = state { continue }
      if case .removed? = state { continue }
      let document = final.cloud[DocumentPath(uid: trace.uid, key: key)]
      switch final.local[key] {
      case .some(.some(let version)):
        let held = document?.fields["version"] as? Int
        if held != version {
          return trace.atTheEnd(
            Finding(
              nil,
              "\(key.entityType.rawValue) \(key.entityId): local version \(version), cloud "
                + "\(held.map(String.init) ?? "nothing") (newest \(entry.id) \(state.text))"))
        }
      default:
        if document != nil {
          return trace.atTheEnd(
            Finding(
              .resurrection,
              "\(key.entityType.rawValue) \(key.entityId) was deleted locally but is back in the cloud"))
        }
      }
    }
    return nil
  }
}
