/// The state of every operation a queue has known, and how many are in each state.
///
/// The books of a queue: the state of every operation it has known, and how many are in each
/// state, kept as states change, so `state(of:)` and `accounting()` cost nothing per step.
///
/// `SyncQueue` keeps its books in one. An app's own queue brought as the queue layer keeps the
/// books the properties judge in one too: it records each move of an operation (`record`) and
/// answers `state(of:)` with `self[id]` and `accounting()` with `accounting`.
public struct QueueBooks: Sendable {
  private var ledger: OperationLedger
  /// How many operations are in each state.
  public private(set) var accounting = QueueAccounting()

  /// Empty books of a queue that numbers its operations from `firstID` on (ids outside that run,
  /// as a restored file may hold, are kept too).
  public init(firstID: UInt64 = 1) { ledger = OperationLedger(start: firstID) }

  /// The recorded state of `id`, or nil when it was never recorded.
  public subscript(id: OperationID) -> OperationState? { ledger[id] }

  /// Moves `id` to `state`; the first record of an id counts it as enqueued.
  public mutating func record(_ id: OperationID, _ state: OperationState) {
    if let old = ledger.update(state, for: id) {
      accounting.count(old, by: -1)
    } else {
      accounting.enqueued += 1
    }
    accounting.count(state, by: 1)
  }

  /// The books counted again from every state recorded: `accounting`, unless the books are broken.
  public func recount() -> QueueAccounting {
    var recount = QueueAccounting()
    ledger.forEachState { state in
      recount.enqueued += 1
      recount.count(state, by: 1)
    }
    return recount
  }
}
