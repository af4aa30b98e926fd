import CloudFake
import CountMeContract
import CountMeCore
import Foundation
import PropertyHarness

/// What a run of a real engine did, round by round.
///
/// What a run of a real engine did (`EngineRun`): each round of steps and what the engine and its
/// file held after it, each restart, and the end state once drained.
///
/// Properties 23 and 24 judge it.
package struct EngineTrace: Sendable {
  let input: EngineInput
  package let uid: String
  /// Every operation the engine accepted, with its step and launch.
  ///
  /// Every operation the engine accepted, with the step that enqueued it and the launch (counted
  /// from 0, a new one each time a launch starts with an empty queue) whose ids it carries: a launch
  /// that lost its file may hand out the same ids again.
  package var enqueued: [Accepted] = []
  /// The last state the harness saw for each accepted operation (by its index in `enqueued`): nil
  /// when the engine that should know it did not.
  ///
  /// A new launch forgets operations that had ended, so a state once ended is kept.
  package var lastSeen: [Int: OperationState?] = [:]
  /// Operations (indices in `enqueued`) still pending when their launch's file was found damaged.
  package var lost: Set<Int> = []
  /// Each `retryFailed` call of a caller running alone: the operation's state before, the answer,
  /// the state after.
  package var retries: [Retry] = []
  /// After each round: the step that ended it and what was observed.
  package var rounds: [(step: Int, settled: Settled)] = []
  /// Each restart or upgrade.
  package var restarts: [Restart] = []
  /// Callers that never finished (they waited on something outside the virtual clock).
  package var unfinished: [(step: Int, count: Int)] = []
  /// Once the network and the user returned, faults stopped and the queue drained.
  package var final: Final?

  /// An operation the engine accepted.
  package struct Accepted: Sendable {
    package let id: OperationID
    package let operation: SyncOperation
    package let step: Int
    package let launch: Int
  }

  /// A user's retry of an operation.
  package struct Retry: Sendable {
    package let step: Int
    package let id: OperationID
    package let before: OperationState?
    package let accepted: Bool
    package let after: OperationState?
  }

  /// Records that the engine now says `state` for accepted operation `index`: an ended state is
  /// kept when a later launch no longer knows the operation.
  mutating func see(_ index: Int, _ state: OperationState?) {
    let ended: Bool
    switch lastSeen[index] ?? nil {
    case .succeeded?, .superseded?, .dropped?, .failed?, .removed?: ended = true
    default: ended = false
    }
    if state != nil || !ended { lastSeen[index] = .some(state) }
  }

  /// What the engine and its file hold between rounds.
  package struct Settled: Sendable {
    package let snapshot: QueueSnapshot
    package let violations: [String]
    package let saveError: String?
    /// The queue file, read by the harness's own reader of the format (nil: the run did not read
    /// it, no judge of its property needing it).
    package let file: OnDisk?
  }

  /// The queue file as the harness reads it.
  package enum OnDisk: Sendable {
    case absent
    /// Operation ids and their attempts, pending and failed.
    case holds(pending: [UInt64: Int], failed: [UInt64: Int])
    case unreadable(String)
  }

  /// One restart: what was on disk, what the harness did to it, and what the new launch found.
  package struct Restart: Sendable {
    package let step: Int
    package let before: QueueSnapshot
    /// The file's bytes before the restart (nil: no file), the damage done, and the bytes after.
    package let written: Data?
    package let corruption: Corruption?
    package let damaged: Data?
    /// `<file>.corrupt-n` for the first `n` with no such file: where a damaged file must go.
    package let firstFreeQuarantine: String
    package let load: QueueFile.LoadResult
    /// The bytes at the place the launch says it moved the file to (nil: nothing there).
    package let movedBytes: Data?
    /// True when a file is still at the queue file's path after the launch loaded it.
    package let fileLeftInPlace: Bool
    /// Earlier quarantined files whose bytes changed.
    package let earlierChanged: [Int]
    package let after: QueueSnapshot
    package let capacity: Int
  }

  /// The end state.
  package struct Final: Sendable {
    package let cloud: [DocumentPath: Int?]
    package let local: [OwnedKey: Int]
    package let calls: [CloudFake.Call]
  }

  /// How a report shows `problem` found at `step` (nil or past the last step: after the steps,
  /// draining; negative: at launch, before the first step).
  package func describe(_ problem: String, at step: Int?) -> String {
    let steps = input.simulation.scenario.steps
    let when: String
    switch step {
    case let step? where steps.indices.contains(step): when = "at step \(step + 1) (\(steps[step]))"
    case let step? where step < 0: when = "at launch"
    default: when = "after the steps, draining"
    }
    let calls = (final?.calls ?? []).suffix(8).map(\.description).joined(separator: "; ")
    return "\(when): \(problem)" + (calls.isEmpty ? "" : "; last cloud calls: \(calls)")
  }
}

extension EngineTrace.OnDisk {
  /// Reads `data` with the harness's reader of the v1 format.
  package init(_ data: Data?) {
    guard let data else {
      self = .absent
      return
    }
    switch QueueFileFormat.body(of: data) {
    case .failure(let problem): self = .unreadable(problem.description)
    case .success(let body):
      func operations(_ key: String) -> [UInt64: Int] {
        guard case .array(let items)? = body[key] else { return [:] }
        var found: [UInt64: Int] = [:]
        for item in items {
          if case .integer(let id)? = item["id"]?["rawValue"], case .integer(let attempts)? = item["attempts"]
          {
            found[UInt64(clamping: id)] = Int(clamping: attempts)
          }
        }
        return found
      }
      self = .holds(pending: operations("pending"), failed: operations("failed"))
    }
  }

  /// How the file differs from `snapshot`, the queue the engine holds; nil when they agree.
  ///
  /// How the file differs from `snapshot`, the queue the engine holds: an operation one holds and
  /// the other does not, or holds with other attempts; nil when they agree.
  ///
  /// A file behind the queue loses work in a crash; one ahead of it brings back what the queue dropped.
  package func differs(from snapshot: QueueSnapshot) -> String? {
    let pending = Dictionary(snapshot.pending.map { ($0.id.rawValue, $0.attempts) }, uniquingKeysWith: max)
    let failed = Dictionary(snapshot.failed.map { ($0.id.rawValue, $0.attempts) }, uniquingKeysWith: max)
    switch self {
    case .absent:
      guard pending.isEmpty && failed.isEmpty else {
        return "the engine holds \(pending.count) pending and \(failed.count) failed operations, and no file"
      }
      return nil
    case .unreadable(let problem): return "the queue file is not a v1 file: \(problem)"
    case .holds(let filePending, let fileFailed):
      for (list, held, onDisk) in [("pending", pending, filePending), ("failed", failed, fileFailed)] {
        for id in Set(held.keys).union(onDisk.keys).sorted() where onDisk[id] != held[id] {
          let engine =
            held[id].map { "the engine holds it with \($0) attempts" } ?? "the engine does not hold it"
          let file = onDisk[id].map { "the file with \($0)" } ?? "the file does not"
          return "\(list) operation #\(id): \(engine), \(file)"
        }
      }
      return nil
    }
  }
}
