import Foundation

/// Pending operations in processing order, cheap at both ends and in the middle.
///
/// The oldest leaves from the front (processing, dropping at capacity), the newest usually joins at the back,
/// and an operation due while older ones wait out their backoff leaves from the middle.
///
/// NB: an array of slots; a removed operation leaves an empty slot, and the array is compacted once
/// half of it is empty. A plain array made every removal O(n) moves of whole operations, which
/// turned a 3,000-step simulation quadratic (removing from the front first, then from the middle
/// whenever the oldest operations were backing off).
struct PendingList: Sendable {
  private var storage: [QueuedOperation?] = []
  /// The first slot that holds an operation, or `storage.count` when none does.
  private var head = 0

  /// How many operations it holds.
  private(set) var count = 0
  var isEmpty: Bool { count == 0 }
  var first: QueuedOperation? { isEmpty ? nil : storage[head] }
  /// The operations, in order.
  var elements: [QueuedOperation] {
    var result: [QueuedOperation] = []
    result.reserveCapacity(count)
    // NB: by index, here and in `lastIndex`, not over a slice or a stride, whose generic iteration
    // a debug build paid for at every element.
    var index = head
    while index < storage.count {
      if let operation = storage[index] { result.append(operation) }
      index += 1
    }
    return result
  }

  /// Calls `body` with each operation's id and timestamp, in order: what an audit reads, without
  /// copying the operations.
  func forEachOrderKey(_ body: (OperationID, Date) -> Void) {
    // NB: the two fields are read in place: binding the whole operation copied it (a release build
    // spent a tenth of P13 more on those copies). And over a range, not counted: a count by two
    // (a source mutant of `index += 1`) audits half the list, and the gate never saw it.
    for index in head..<storage.count {
      if let id = storage[index]?.id, let timestamp = storage[index]?.operation.timestamp {
        body(id, timestamp)
      }
    }
  }

  /// The earliest time an operation matching `predicate` waits for (its backoff's end); nil when
  /// none waits.
  func earliestRetry(where predicate: (QueuedOperation) -> Bool) -> Date? {
    var earliest: Date?
    for index in head..<storage.count {
      guard let notBefore = storage[index]?.notBefore, earliest.map({ notBefore < $0 }) ?? true,
        let operation = storage[index], predicate(operation)
      else { continue }
      earliest = notBefore
    }
    return earliest
  }

  /// The position (an opaque index, valid until the next change) of the first operation matching
  /// `predicate`.
  ///
  /// NB: these scans index the storage rather than map its optionals, which copied every operation
  /// they passed (its strings retained and released); at capacity a scan passes a thousand.
  func firstIndex(where predicate: (QueuedOperation) -> Bool) -> Int? {
    for index in head..<storage.count {
      if let operation = storage[index], predicate(operation) { return index }
    }
    return nil
  }

  /// The position of the operation matching `predicate` with the lowest `rank`, the first in order
  /// among equals.
  func firstIndex(where predicate: (QueuedOperation) -> Bool, rankedBy rank: (QueuedOperation) -> Int) -> Int?
  {
    var best: (index: Int, rank: Int)?
    for index in head..<storage.count {
      guard let operation = storage[index], predicate(operation) else { continue }
      let itsRank = rank(operation)
      if best.map({ itsRank < $0.rank }) ?? true { best = (index, itsRank) }
    }
    return best?.index
  }

  /// Makes every operation due at once: each one's backoff ends now.
  mutating func clearBackoff() {
    for index in head..<storage.count where storage[index]?.notBefore != nil {
      storage[index]?.notBefore = nil
    }
  }

  func lastIndex(where predicate: (QueuedOperation) -> Bool) -> Int? {
    var index = storage.count - 1
    while index >= head {
      if let operation = storage[index], predicate(operation) { return index }
      index -= 1
    }
    return nil
  }

  /// The position of operation `id`, scanning from the back, comparing ids only.
  func lastIndex(of id: OperationID) -> Int? {
    var index = storage.count - 1
    while index >= head {
      if let candidate = storage[index]?.id, candidate == id { return index }
      index -= 1
    }
    return nil
  }

  subscript(index: Int) -> QueuedOperation {
    guard let element = storage[index] else { preconditionFailure("PendingList: no operation at \(index)") }
    return element
  }

  mutating func remove(at index: Int) -> QueuedOperation {
    let element = self[index]
    storage[index] = nil
    count -= 1
    if index == head {
      while head < storage.count && storage[head] == nil { head += 1 }
    }
    compactIfSparse()
    return element
  }

  @discardableResult
  mutating func removeFirst() -> QueuedOperation { remove(at: head) }

  /// Inserts `element` after the last operation that precedes it in `order` (from the back).
  mutating func insert(_ element: QueuedOperation, by order: (QueuedOperation, QueuedOperation) -> Bool) {
    count += 1
    if let last = lastIndex(where: { order($0, element) }) {
      // An empty slot right after it takes the operation without moving the rest.
      if last + 1 < storage.count, storage[last + 1] == nil {
        storage[last + 1] = element
      } else {
        storage.insert(element, at: last + 1)
      }
    } else if head > 0 {
      // Every slot before the head is empty.
      head -= 1
      storage[head] = element
    } else {
      storage.insert(element, at: 0)
    }
  }

  mutating func append(_ element: QueuedOperation) {
    storage.append(element)
    count += 1
    if count == 1 { head = storage.count - 1 }
  }

  private mutating func compactIfSparse() {
    if storage.count > 64 && count * 2 < storage.count {
      storage = storage.compactMap { $0 }.map(Optional.some)
      head = 0
    }
  }
}
