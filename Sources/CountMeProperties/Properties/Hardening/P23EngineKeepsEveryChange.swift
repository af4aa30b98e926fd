import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation

extension Hardening {
  /// Property 23 (ours): the real engine, through the cloud and its file, keeps every change.
  static let engineKeepsEveryChange = EngineProperties.spec(
    "P23", "The engine's uploads and its file keep every change", validates: ["7.1", "8.2", "8.3"],
    statement:
      "the file always holds exactly what the engine holds; a restart loads it, or moves a damaged one to the first free .corrupt-n; drained, the cloud holds every change",
    callers: 1...1, readsFile: true, aimsAtRetries: true, generatorVersion: 2,
    judge: judgeEngineKeepsEveryChange)

  /// After every step the file holds exactly the operations the engine holds.
  ///
  /// After every step the file holds exactly the operations the engine holds (a crash loses
  /// nothing, and nothing dropped comes back) and no save failed; each restart loads an intact file (trimmed only to a lower capacity) or
  /// quarantines a damaged one exactly as `QueueFile.load` documents; `retryFailed` answers as it
  /// documents; drained, the cloud converges.
  static func judgeEngineKeepsEveryChange(_ trace: EngineTrace) -> EngineProperties.Problem? {
    for retry in trace.retries {
      if let problem = QueueSpecification.retryProblem(
        retry.id, before: retry.before, accepted: retry.accepted, after: retry.after)
      {
        return (Finding(nil, problem), retry.step)
      }
    }
    var restarts = trace.restarts[...]
    for (step, settled) in trace.rounds {
      // A restart is judged before the round it ends, which observes the new launch.
      while let restart = restarts.first, restart.step <= step {
        if let problem = judgeRestart(restart) { return (Finding(nil, problem), restart.step) }
        restarts.removeFirst()
      }
      if let error = settled.saveError { return ("a save failed in a writable directory: \(error)", step) }
      // NB: the spec asks every run to read the file; a run that did not has nothing to judge by.
      guard let file = settled.file else { return ("the run did not read the queue file back", step) }
      if let difference = file.differs(from: settled.snapshot) {
        return ("the file is not the queue: \(difference)", step)
      }
    }
    for restart in restarts {
      if let problem = judgeRestart(restart) { return (Finding(nil, problem), restart.step) }
    }
    return EngineProperties.converges(trace)
  }

  private static func judgeRestart(_ restart: EngineTrace.Restart) -> String? {
    let before = (
      pending: Set(restart.before.pending.map(\.id)), failed: Set(restart.before.failed.map(\.id))
    )
    let after = (pending: Set(restart.after.pending.map(\.id)), failed: Set(restart.after.failed.map(\.id)))
    let name = { (path: String) in URL(fileURLWithPath: path).lastPathComponent }
    guard let written = restart.written else {
      guard restart.load == .empty, after.pending.isEmpty, after.failed.isEmpty else {
        return
          "no file to load, yet the launch found \(restart.load.text) and holds \(after.pending.count + after.failed.count) operations"
      }
      return nil
    }
    guard restart.damaged != written, restart.corruption?.mustLoad != true else {
      guard case .loaded = restart.load else {
        return "the file, intact or at the format's limits, was not loaded: \(restart.load.text)"
      }
      let trimmed = before.pending.count > QueueSpecification.capacity(restart.capacity)
      guard after.failed == before.failed, after.pending.isSubset(of: before.pending),
        trimmed || after.pending == before.pending
      else {
        return
          "the engine held \(before.pending.count) pending and \(before.failed.count) failed operations; "
          + "the launch holds \(after.pending.count) and \(after.failed.count)"
          + (trimmed ? "" : " (capacity \(restart.capacity), nothing to trim)")
      }
      return nil
    }
    guard case .quarantined(let movedTo, _) = restart.load else {
      return "a damaged file was not quarantined: \(restart.load.text)"
    }
    if movedTo != restart.firstFreeQuarantine {
      return
        "the damaged file went to \(name(movedTo)), not the first free name \(name(restart.firstFreeQuarantine))"
    }
    if restart.movedBytes != restart.damaged {
      return "\(name(movedTo)) does not hold the damaged file's bytes"
    }
    if restart.fileLeftInPlace { return "the damaged file is still at the queue's path after quarantine" }
    if let changed = restart.earlierChanged.first {
      return "an earlier quarantined file (.corrupt-\(changed)) changed"
    }
    if !after.pending.isEmpty || !after.failed.isEmpty { return "after a quarantine the queue is not empty" }
    return nil
  }
}

extension QueueFile.LoadResult {
  /// How reports print it.
  var text: String {
    switch self {
    case .empty: return "no file"
    case .loaded(let snapshot): return "a queue of \(snapshot.pending.count + snapshot.failed.count)"
    case .quarantined(let movedTo, let reason):
      return "quarantined to \(URL(fileURLWithPath: movedTo).lastPathComponent) (\(reason))"
    }
  }
}
