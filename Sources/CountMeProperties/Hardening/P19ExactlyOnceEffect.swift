import Generators

extension Hardening {
  /// Property 19 (ours): a retried write after a lost acknowledgement has exactly one effect.
  static let p19 = SyncProperties.spec(
    "P19", "Exactly-once effect under lost acknowledgements", validates: ["8.3"],
    statement: "one document per entity, and no retried write overwrites a newer version", killBudget: 2_000,
    // NB: its mutant needs a rare interleaving (a retry overtaken by a newer write), killed after a
    // median of ~150 cases, hence the larger kill budget.
    Gen.simulation(
      scenario: Gen.syncScenario(length: 0...300, averageLength: 40, entities: 2),
      faults: Gen.faultPlan(rate: 0.5, kinds: [.lostAcknowledgement, .slow, .deadlineExceeded])))
}
