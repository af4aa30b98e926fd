/// Pending operations in processing order, cheap at both ends: the oldest leaves from the front
/// (processing, dropping at capacity) and the newest usually joins at the back.
///
/// NB: an array with a head offset, compacted when half is dead space; a plain array made every
/// removal from the front O(n), which turned a 3,000-step simulation quadratic.
struct PendingList: Sendable {
  private var storage: [QueuedOperation] = []
  private var head = 0

  var count: Int { storage.count - head }
  var isEmpty: Bool { head == storage.count }
  var first: QueuedOperation? { isEmpty ? nil : storage[head] }
  var elements: ArraySlice<QueuedOperation> { storage[head...] }

  /// The position (an opaque index) of the first element matching `predicate`.
  func firstIndex(where predicate: (QueuedOperation) -> Bool) -> Int? {
    storage[head...].firstIndex(where: predicate)
  }

  func lastIndex(where predicate: (QueuedOperation) -> Bool) -> Int? {
    storage[head...].lastIndex(where: predicate)
  }

  subscript(index: Int) -> QueuedOperation { storage[index] }

  mutating func remove(at index: Int) -> QueuedOperation {
    if index == head {
      let element = storage[head]
      head += 1
      compactIfSparse()
      return element
    }
    return storage.remove(at: index)
  }

  @discardableResult
  mutating func removeFirst() -> QueuedOperation { remove(at: head) }

  /// Inserts `element` after the last element that precedes it in `order` (from the back).
  mutating func insert(_ element: QueuedOperation, by order: (QueuedOperation, QueuedOperation) -> Bool) {
    let index = (storage[head...].lastIndex { order($0, element) }).map { $0 + 1 } ?? head
    storage.insert(element, at: index)
  }

  mutating func append(_ element: QueuedOperation) { storage.append(element) }

  private mutating func compactIfSparse() {
    if head > 64 && head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
  }
}
