import Foundation
import Testing

@testable import CountMeCore

@Suite("PendingList: the queue's pending operations in processing order")
struct PendingListTests {
  /// Operation `n` at second `second`.
  func queued(_ n: UInt64, at second: Double) -> QueuedOperation {
    QueuedOperation(
      id: OperationID(n), operation: op(.update, "e\(n)", at: second), attempts: 0,
      notBefore: second.truncatingRemainder(dividingBy: 3) == 0 ? t0.addingTimeInterval(second) : nil,
      lastError: nil)
  }

  @Test("20,000 random appends, ordered inserts and removals (front, middle, back) match a plain array")
  func matchesAnArray() {
    var list = PendingList()
    var model: [QueuedOperation] = []
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for n in 1...20_000 as ClosedRange<UInt64> {
      switch next(6) {
      case 0, 1:
        let operation = queued(n, at: Double(n))
        list.append(operation)
        model.append(operation)
      case 2:
        let operation = queued(n, at: Double(next(Int(n))))
        list.insert(operation, by: SyncQueue.processingOrder)
        let index = (model.lastIndex { SyncQueue.processingOrder($0, operation) }).map { $0 + 1 } ?? 0
        model.insert(operation, at: index)
      case 3 where !model.isEmpty:
        #expect(list.removeFirst() == model.removeFirst())
      default:
        guard !model.isEmpty else { continue }
        let target = model[next(model.count)].id
        let index = list.firstIndex { $0.id == target }
        #expect(index.map { list.remove(at: $0) } == model.remove(at: model.firstIndex { $0.id == target }!))
      }
      #expect(list.count == model.count && list.first == model.first)
      if n % 97 == 0 {
        #expect(list.elements == model)
        #expect(list.earliestRetry { _ in true } == model.compactMap(\.notBefore).min())
        let odd = { (operation: QueuedOperation) in operation.id.rawValue % 2 == 1 }
        #expect(list.earliestRetry(where: odd) == model.filter(odd).compactMap(\.notBefore).min())
      }
    }
    #expect(list.elements == model)
  }
}
