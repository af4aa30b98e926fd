import Foundation

extension SyncQueue {
  /// Every way the queue's state could be inconsistent, as sentences; empty when it is sound.
  ///
  /// The books balance and agree with a recount of the ledger; the size is within capacity; pending
  /// is in processing order; every operation listed is recorded in the matching state; an entity has
  /// at most one failed operation.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    let books = accounting()
    if !books.balances { problems.append("accounting does not balance: \(books)") }
    if count > capacity { problems.append("size \(count) exceeds capacity \(capacity)") }
    if books.pending != waiting.count {
      problems.append("\(books.pending) recorded pending, \(waiting.count) queued")
    }
    if books.inFlight != (inFlight == nil ? 0 : 1) {
      problems.append("in-flight record disagrees with the queue")
    }
    if books.failed != failed.count {
      problems.append("\(books.failed) recorded failed, \(failed.count) listed")
    }
    // NB: read from the list in place; copying `pending` for the audit cost more than the audit.
    var previous: (Date, OperationID)?
    waiting.forEachOrderKey { id, timestamp in
      if let previous, !Self.precedes(previous, (timestamp, id)) {
        problems.append("pending out of order: \(previous.1) before \(id)")
      }
      previous = (timestamp, id)
      // NB: matched, not compared with `!=`, which built and compared a whole state per operation.
      guard case .pending? = state(of: id) else {
        problems.append("\(id) queued but recorded \(String(describing: state(of: id)))")
        return
      }
    }
    let recount = self.books.recount()
    if recount != books { problems.append("the books \(books) disagree with the ledger \(recount)") }
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
