/// The state of every operation a queue has known, by id.
///
/// A queue numbers the operations it enqueues 1, 2, 3, … on from the `nextID` it starts with, so
/// they are kept in an array indexed from there: a lookup is an index, not a hash. Any other id (an
/// operation restored from a file) is kept by id.
///
/// NB: the audit looks up every pending operation after each step of a simulation; hashing the ids
/// was a tenth of P13's time.
struct OperationLedger: Sendable {
  /// The id of `enqueued[0]`.
  private let start: UInt64
  private var enqueued: [OperationState] = []
  private var others: [OperationID: OperationState] = [:]

  /// A ledger whose new operations are numbered from `start`.
  init(start: UInt64) { self.start = start }

  /// The recorded state of `id`, or nil when it was never recorded.
  subscript(id: OperationID) -> OperationState? {
    if let index = index(of: id), index < enqueued.count { return enqueued[index] }
    return others.isEmpty ? nil : others[id]
  }

  /// Records `state` for `id`, returning the state it replaces.
  mutating func update(_ state: OperationState, for id: OperationID) -> OperationState? {
    if let index = index(of: id), index <= enqueued.count, others.isEmpty || others[id] == nil {
      guard index < enqueued.count else {
        enqueued.append(state)
        return nil
      }
      defer { enqueued[index] = state }
      return enqueued[index]
    }
    return others.updateValue(state, forKey: id)
  }

  /// Calls `body` with every recorded state, in no particular order.
  func forEachState(_ body: (OperationState) -> Void) {
    for state in enqueued { body(state) }
    for state in others.values { body(state) }
  }

  /// Where `id` is or would go in `enqueued`, if it is numbered from `start`.
  private func index(of id: OperationID) -> Int? {
    guard id.rawValue >= start, id.rawValue - start < UInt64(Int.max) else { return nil }
    return Int(id.rawValue - start)
  }
}
