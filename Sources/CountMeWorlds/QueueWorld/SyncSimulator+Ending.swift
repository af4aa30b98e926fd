import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

// How a simulated run ends: the queue drained with the network up, and the final books.

extension SyncSimulator {
  mutating func drain() {
    setOnline(true)
    signedIn = true
    // NB: retries clamped as a policy documents, so no policy can overflow the limit.
    let retries = QueueSpecification.retries(policy)
    let limit = trace.operations.count * (retries + 2) * 2 + 10
    for _ in 0..<limit {
      if let flight {
        complete(flight)
        continue
      }
      switch queue.next(now: now, online: true, signedIn: true) {
      case .upload(let id, let operation): startUpload(id, operation)
      case .wait(let until):
        recordWait(until)
        guard until > now else {
          record(.waitedInThePast(until: until.timeIntervalSince(Self.start)))
          return
        }
        now = until
      case .idle, .paused: return
      }
      recordBooks()
    }
    record(.drainExhausted(limit: limit))
  }

  mutating func finish() {
    recordStates()
    var states = endedBeforeRestart
    for id in live { if let state = queue.state(of: id) { states[id] = state } }
    trace.cloudCalls = cloud.trace
    trace.final = SyncTrace.Final(
      remaining: queue.count, pending: queue.pending.map(\.id), states: states, attempts: attempts,
      local: Dictionary(uniqueKeysWithValues: zip(keys, local)), versions: versionOf,
      cloud: cloud.documents, writes: cloud.writes, elapsed: now.timeIntervalSince(Self.start))
  }
}
