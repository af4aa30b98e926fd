import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

// How a simulated run goes online and offline, uploads, and hears each answer.

extension SyncSimulator {
  mutating func setOnline(_ value: Bool) {
    online = value
    cloud.online = value
  }

  mutating func process() {
    if let flight, flight.completesAt <= now {
      complete(flight)
      return
    }
    guard flight == nil else { return }
    let before = queue.accounting()
    let action = queue.next(now: now, online: online, user: signedIn ? Self.uid : nil)
    var changed = false
    if case .upload = action {} else { changed = queue.accounting() != before }
    record(.asked(online: online, signedIn: signedIn, action: action, booksChanged: changed))
    if case .wait(let until) = action { recordWait(until) }
    if case .upload(let id, let operation) = action { startUpload(id, operation) }
  }

  /// The wait `next` asked for, beside the retry times the queue's pending operations hold.
  mutating func recordWait(_ until: Date) {
    var earliest: Date?
    var oneDue = false
    for operation in queue.pending {
      guard let notBefore = operation.notBefore, notBefore > now else {
        oneDue = true
        continue
      }
      earliest = min(earliest ?? notBefore, notBefore)
    }
    record(.waitAsked(now: now, until: until, earliestRetry: earliest, oneDue: oneDue))
  }

  mutating func startUpload(_ id: OperationID, _ operation: SyncOperation) {
    record(.uploadStarted(id, attempts: attempts[id, default: 0]))
    let path = DocumentPath(uid: Self.uid, key: operation.key)
    let response: CloudFake.Response
    if operation.kind == .delete {
      response = cloud.delete(at: path, as: Self.uid, now: now)
    } else {
      let document = CloudDocument([
        "userId": Self.uid, "entityId": operation.entityId, "version": versionOf[id] ?? 0,
      ])
      response = cloud.set(document, at: path, as: Self.uid, now: now)
    }
    flight = Flight(
      id: id, operation: operation, completesAt: now.addingTimeInterval(response.latency),
      result: response.result)
  }

  package mutating func complete(_ call: Flight) {
    flight = nil
    now = max(now, call.completesAt)
    attempts[call.id, default: 0] += 1
    let others = (slotOf[call.operation.key].map { liveBySlot[$0] } ?? []).filter { $0 != call.id }
    let before = others.map { queue.state(of: $0) }
    let books = queue.accounting()
    queue.complete(call.id, with: call.result, now: now)
    let after = queue.accounting()
    // NB: the entries are read only for a failure, the one case a judge (P18) looks at them:
    // `pending` may be built on each read, and at capacity it holds a thousand operations.
    let failed = !call.result.isSuccess
    record(
      .completed(
        SyncTrace.Completed(
          id: call.id, operation: call.operation, result: call.result,
          attempts: attempts[call.id, default: 0],
          others: zip(others, before).map { ($0, $1, queue.state(of: $0)) },
          succeededDelta: after.succeeded - books.succeeded, droppedDelta: after.dropped - books.dropped,
          state: queue.state(of: call.id), queued: failed ? queue.pending.first { $0.id == call.id } : nil,
          failedEntry: failed ? queue.failed.first { $0.id == call.id } : nil, now: now)))
  }

  /// Pending operations of the entity in `slot` the queue holds now.
  ///
  /// NB: prunes the entity's finished operations (succeeded, superseded, dropped, removed), which can never
  /// change again; without it the list grows with every operation ever made and a 100,000-step
  /// simulation turns quadratic.
  mutating func pendingCount(_ slot: Int) -> Int {
    // NB: compacted in place by index, keeping the order, as `removeAll(where:)` would: its
    // closure cost a debug build a metadata lookup at every call.
    var pending = 0
    var kept = 0
    var index = 0
    let count = liveBySlot[slot].count
    while index < count {
      let id = liveBySlot[slot][index]
      index += 1
      switch queue.state(of: id) {
      case .succeeded?, .superseded?, .dropped?, .removed?: continue
      case .pending?: pending += 1
      default: break
      }
      liveBySlot[slot][kept] = id
      kept += 1
    }
    liveBySlot[slot].removeLast(count - kept)
    return pending
  }

  /// Records the books after a step or a drain action, with the queue's own audit when the run
  /// audits (`audits`).
  ///
  /// NB: the audit recounts every operation the queue ever saw, so its cost grows with them: it
  /// runs after every step while the queue has seen at most 16 operations (most scenarios), and
  /// then after every (seen ÷ 16)th, which keeps its cost per step constant; without that, P13's
  /// 3,000-step scenarios at capacity 1,000 turn quadratic. It also runs at every restart and at
  /// the end, when the states of every operation are recorded.
  mutating func recordBooks() {
    let audit = audits && recorded >= nextAudit
    if audit { nextAudit = recorded + max(1, live.count / 16) }
    recorded += 1
    record(
      .books(
        count: queue.count, accounting: queue.accounting(), enqueued: live.count,
        violations: audit ? queue.invariantViolations() : nil))
  }

  mutating func recordStates() {
    record(.records(live.map { ($0, queue.state(of: $0)) }))
    let neverGiven = OperationID(highestID + 1)
    record(.neverGiven(neverGiven, queue.state(of: neverGiven)))
    record(
      .books(
        count: queue.count, accounting: queue.accounting(), enqueued: live.count,
        violations: audits ? queue.invariantViolations() : nil))
  }
}
