import CloudFake
import Synchronization
import Testing

@Suite("StepExecutor: async callers interleaved in the order a seed picks")
struct StepExecutorTests {
  /// Records each caller's two halves, with an await between them where another caller may run.
  actor Log {
    var entries: [String] = []
    func add(_ name: String) async {
      entries.append(name + "1")
      await Task.yield()
      entries.append(name + "2")
    }
  }

  /// The order three callers' halves ran in, given the picks.
  func order(_ picks: [Int]) async -> [String] {
    let executor = StepExecutor()
    let log = Log()
    var schedule = picks.makeIterator()
    let callers: [@Sendable () async -> Void] = ["a", "b", "c"].map { name in { await log.add(name) } }
    #expect(executor.run(callers) { _ in schedule.next() ?? 0 } == 0, "every caller finishes inside run")
    return await log.entries
  }

  @Test("the same picks give the same interleaving, other picks another, and every caller finishes")
  func deterministic() async {
    let oldestFirst = await order([])
    #expect(await order([]) == oldestFirst)
    #expect(oldestFirst.sorted() == ["a1", "a2", "b1", "b2", "c1", "c2"])
    var seen: Set<[String]> = [oldestFirst]
    for picks in [[1, 1, 1, 1], [2, 0, 2, 0, 2], [1, 2, 1, 2, 1, 2]] {
      let interleaving = await order(picks)
      #expect(await order(picks) == interleaving, "replaying \(picks)")
      for name in ["a", "b", "c"] {
        #expect(interleaving.firstIndex(of: name + "1")! < interleaving.firstIndex(of: name + "2")!)
      }
      seen.insert(interleaving)
    }
    #expect(seen.count > 1, "the picks choose among interleavings")
  }

  /// A continuation resumed from outside the executor, after `run` returned.
  final class Gate: Sendable {
    let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let passed = Mutex(false)
  }

  @Test("a caller waiting on something outside the executor is reported unfinished, and runs once resumed")
  func unfinished() {
    let executor = StepExecutor()
    let gate = Gate()
    let waiting = executor.run([
      {
        await withCheckedContinuation { continuation in gate.continuation.withLock { $0 = continuation } }
        gate.passed.withLock { $0 = true }
      }
    ]) { _ in 0 }
    #expect(waiting == 1)
    gate.continuation.withLock { $0?.resume() }
    #expect(executor.run([]) { _ in 0 } == 0)
    #expect(gate.passed.withLock { $0 })
  }
}
