import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 19 (ours): a retried write after a lost acknowledgement has exactly one effect.
  static let exactlyOnceEffect = SyncProperties.spec(
    "P19", "Exactly-once effect under lost acknowledgements", validates: ["8.3"],
    statement: "one document per entity, and no retried write overwrites a newer version",
    // NB: its mutant needs a rare interleaving: a write of an entity queued while the entity's
    // upload is in flight, and that upload's acknowledgement lost, so its retry comes after the
    // newer write, which undirected scenarios rarely meet; since version 2 half of them queue a
    // newer write after each `process` step (`racingUploads`).
    anomaly: .duplicateEffect, killBudget: 1_000, generatorVersion: 2,
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 2)
          .aimed(probability: 0.5, racingUploads),
        faults: Gen.faultPlan(rate: 0.5, kinds: [.lostAcknowledgement, .slow, .deadlineExceeded]), options: $0
      )
    },
    judge: judgeExactlyOnceEffect)

  /// `scenario` with a newer write of an entity queued after each `process` step.
  ///
  /// Of the entity whose operation that step most likely started (the earliest enqueued not yet matched to a
  /// `process`), so the write races the upload in flight.
  ///
  /// The aimed half of P19's and P16's scenarios (their generators' version 2).
  @Sendable static func racingUploads(_ scenario: SyncScenario) -> SyncScenario {
    var queued: [(entity: Int, type: SyncScenario.EntityKind)] = []
    var next = 0
    var steps: [SyncScenario.Step] = []
    for step in scenario.steps {
      steps.append(step)
      switch step {
      case .enqueue(_, let entity, let type): queued.append((entity, type))
      case .process where next < queued.count:
        let (entity, type) = queued[next]
        next += 1
        steps.append(.enqueue(.update, entity: entity, type: type))
      default: break
      }
    }
    return SyncScenario(steps: steps)
  }

  /// No retried write puts an older version over a newer one, and each entity has one document.
  static func judgeExactlyOnceEffect(_ trace: SyncTrace) -> TraceProblem? {
    guard let final = trace.final else { return nil }
    var lastVersion: [DocumentPath: Int] = [:]
    for write in final.writes {
      guard let version = write.version else { continue }
      if let previous = lastVersion[write.path], version < previous {
        return trace.atTheEnd(
          Finding(
            .lostUpdate, "a retried write put version \(version) over version \(previous) at \(write.path)"))
      }
      lastVersion[write.path] = version
    }
    for (path, document) in final.cloud.sorted(by: { $0.key < $1.key })
    where document.fields["entityId"] as? String != path.documentId {
      return trace.atTheEnd("\(path) holds entity \(document.fields["entityId"] ?? "none"): a second copy")
    }
    return nil
  }
}
