extension SyncQueue {
  /// Every way the queue's state could be inconsistent, as sentences; empty when it is sound.
  ///
  /// The books balance and agree with a recount of the ledger; the size is within capacity; pending
  /// is in processing order; every operation listed is recorded in the matching state; an entity has
  /// at most one failed operation.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    let books = accounting()
    let pending = pending
    if !books.balances { problems.append("accounting does not balance: \(books)") }
    if count > capacity { problems.append("size \(count) exceeds capacity \(capacity)") }
    if books.pending != pending.count {
      problems.append("\(books.pending) recorded pending, \(pending.count) queued")
    }
    if books.inFlight != (inFlight == nil ? 0 : 1) {
      problems.append("in-flight record disagrees with the queue")
    }
    if books.failed != failed.count {
      problems.append("\(books.failed) recorded failed, \(failed.count) listed")
    }
    for (earlier, later) in zip(pending, pending.dropFirst()) where !Self.processingOrder(earlier, later) {
      problems.append("pending out of order: \(earlier.id) before \(later.id)")
    }
    var recount = QueueAccounting()
    for state in ledger.values {
      recount.enqueued += 1
      recount.count(state, by: 1)
    }
    if recount != books { problems.append("the books \(books) disagree with the ledger \(recount)") }
    for operation in pending {
      if state(of: operation.id) != .pending {
        problems.append("\(operation.id) queued but recorded \(String(describing: state(of: operation.id)))")
      }
    }
    var failedKeys = Set<OwnedKey>()
    for operation in failed {
      if !failedKeys.insert(operation.operation.ownedKey).inserted {
        problems.append("\(operation.id) is a second failed operation of its entity")
      }
      if state(of: operation.id) != .failed(operation.error) {
        problems.append("\(operation.id) listed failed but recorded otherwise")
      }
    }
    return problems
  }
}
