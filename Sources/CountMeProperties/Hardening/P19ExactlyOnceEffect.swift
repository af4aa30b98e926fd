import CountMeContract
import CountMeCore
import Generators

extension Hardening {
  /// Property 19 (ours): a retried write after a lost acknowledgement has exactly one effect.
  static let p19 = SyncProperties.spec(
    "P19", "Exactly-once effect under lost acknowledgements", validates: ["8.3"],
    statement: "one document per entity, and no retried write overwrites a newer version",
    anomaly: .duplicateEffect, killBudget: 2_000,
    // NB: its mutant needs a rare interleaving (a retry overtaken by a newer write), killed after a
    // median of ~150 cases, hence the larger kill budget.
    {
      Gen.simulation(
        scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 2),
        faults: Gen.faultPlan(rate: 0.5, kinds: [.lostAcknowledgement, .slow, .deadlineExceeded]), options: $0
      )
    },
    judge: judge19)

  /// No retried write puts an older version over a newer one, and each entity has one document.
  static func judge19(_ trace: SyncTrace) -> TraceProblem? {
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
