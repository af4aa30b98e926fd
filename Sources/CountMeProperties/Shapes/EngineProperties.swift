import CloudFake
import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

/// The shape of properties 23 and 24: run the system's real engine (`EngineRun`) and judge one
/// invariant of what happened.
enum EngineProperties {
  /// A problem (a string: a lost update) and the step it was found at (nil: once drained).
  typealias Problem = (finding: Finding, step: Int?)
  /// Judges a run: its first problem, or nil.
  typealias Judge = @Sendable (EngineTrace) -> Problem?

  /// A property judged by `judge` over engine runs with `callers` callers at once.
  ///
  /// `readsFile` when the judge reads the queue file back after each round (`EngineTrace.Settled.file`),
  /// which the runs otherwise skip; `aimsAtRetries` when half its runs are aimed at the user's retries
  /// (`EngineInput.aimedAtRetries`), drawn by its generator's `generatorVersion`.
  static func spec(
    _ id: PropertyID, _ name: String, validates: [String], statement: String, callers: ClosedRange<Int>,
    readsFile: Bool = false, aimsAtRetries: Bool = false, generatorVersion: Int = 1, judge: @escaping Judge
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.engine], killBudget: 300,
      generator: { Gen.engineRun(callers: callers, options: $0, aimsAtRetries: aimsAtRetries) },
      encode: \.json,
      decode: { json, _ in try EngineInput(json: json) }, expect: { _ in .holds(statement) },
      observe: { input, system in
        let trace = EngineRun.run(input, system: system, readsFile: readsFile)
        guard let problem = judge(trace) else { return .holds }
        return .broke(
          trace.describe(problem.finding.message, at: problem.step), anomaly: problem.finding.anomaly)
      })
    spec.anomaly = .lostUpdate
    spec.generatorVersion = generatorVersion
    spec.cloud = .fakeOnly(
      "the engine's concurrent callers interleave as the StepExecutor schedules them, which a network "
        + "call would escape")
    return spec.erased
  }

  /// The checks both engine properties share.
  ///
  /// Checks shared by both: every caller finished; no call broke the cloud's owner-only rules (the
  /// app never writes another user's documents, whoever is signed in); no operation failed for want
  /// of a signed-in user (signed out, or signed in as someone else, an operation waits); and once
  /// drained the cloud holds, in each user's documents, the device's newest version of every entity
  /// of that user whose newest operation was not dropped, failed, or lost with a damaged file.
  ///
  /// An operation the engine accepted is never unknown to it otherwise.
  static func converges(_ trace: EngineTrace) -> Problem? {
    if let (step, count) = trace.unfinished.first {
      return (
        Finding(
          .stuckQueue, "\(count) caller(s) never finished: the engine waited outside the virtual clock"), step
      )
    }
    guard let final = trace.final else { return nil }
    if let refused = final.calls.first(where: { $0.outcome.hasPrefix(CloudFake.rulesRefusal) }) {
      return (
        Finding(
          .crossAccountAccess,
          "a call broke the owner-only rules, writing another user's document: \(refused)"), nil
      )
    }
    var newest: [OwnedKey: (index: Int, entry: EngineTrace.Accepted)] = [:]
    for (index, entry) in trace.enqueued.enumerated() {
      if case .failed(.notAuthenticated)? = trace.lastSeen[index] ?? nil {
        return (
          Finding(
            nil,
            "operation \(entry.id) (enqueued at step \(entry.step + 1)) failed as not signed in: "
              + "it should have waited for its user"), nil
        )
      }
      let key = entry.operation.ownedKey
      if let current = newest[key]?.entry,
        (entry.launch, entry.operation.timestamp, entry.id) < (
          current.launch, current.operation.timestamp, current.id
        )
      {
        continue
      }
      newest[key] = (index, entry)
    }
    for (key, (index, entry)) in newest.sorted(by: {
      ($0.key.owner ?? "", $0.key.key) < ($1.key.owner ?? "", $1.key.key)
    }) {
      let owner = key.owner ?? trace.uid
      let name = "\(owner)'s \(key.key.entityType.rawValue) \(key.key.entityId)"
      if trace.lost.contains(index) { continue }
      switch trace.lastSeen[index] ?? nil {
      case .dropped?, .failed?: continue
      case nil:
        return (
          "operation \(entry.id) (\(name), enqueued at step \(entry.step + 1)) is unknown to the engine", nil
        )
      default: break
      }
      let held = final.cloud[DocumentPath(uid: owner, key: key.key)]
      let local = final.local[key]
      if held == nil && local == nil { continue }
      if held != local.map(Optional.some) {
        return (
          Finding(
            nil,
            "\(name): local \(local.map { "version \($0)" } ?? "deleted"), cloud "
              + (held.map { "version \($0.map(String.init) ?? "?")" } ?? "nothing")), nil
        )
      }
    }
    return nil
  }
}
