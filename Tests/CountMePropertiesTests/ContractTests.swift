import CountMeContract
import CountMeCore
import CountMeProperties
import Foundation
import PropertyHarness
import Synchronization
import Testing

/// Implements no layer; borrows the ones it names.
private struct Borrower: SystemUnderTest {
  var borrowedLayers: [Layer] = []
}

/// An app's queue layer (CountMeCore's queue, counted): every queue it makes is counted, so a test
/// can tell whose queue a run drove.
private struct CountedQueues: QueueLayer {
  let made = Counter()
  var borrowedLayers: [Layer] = []

  final class Counter: Sendable {
    let count = Mutex(0)
  }

  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    made.count.withLock { $0 += 1 }
    return SyncQueue(capacity: capacity, policy: policy)
  }
  func persistQueue(_ queue: any SyncQueueing) -> Data { queue.snapshot().encoded() }
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    ReferenceSystem().loadQueue(data, capacity: capacity, policy: policy)
  }
}

@Suite("The contract: a run checks only what the system implements, and says what it borrowed")
struct ContractTests {
  static let settings = RunSettings(seed: 0xC0FFEE, cases: 20)

  @Test("a system of no layer runs nothing and names every property not checked, with the layers it lacks")
  func nothingImplemented() {
    let report = Catalog.run(Borrower(), settings: Self.settings)
    #expect(report.properties.isEmpty)
    #expect(report.notChecked.map(\.id) == Catalog.ids)
    #expect(
      report.notChecked.first?.reason == "Borrower does not implement the food items layer (FoodItemsLayer)")
    #expect(
      HumanReport.summary(report, style: Catalog.reportStyle).hasPrefix("no property ran, 93 not checked;"))
  }

  @Test("each property runs on exactly the layers it declares: borrowing them, it reports each one")
  func declaredLayersAreEnough() throws {
    // R1 judges the harness's own fake, and runs only against the reference.
    for property in Catalog.all where !property.judges.isEmpty {
      let system = Borrower(borrowedLayers: property.layers)
      let report = Catalog.run(system, properties: [property.id], settings: RunSettings(seed: 1, cases: 3))
      let ran = try #require(report.properties.first, "\(property.id) did not run on its own layers")
      #expect(ran.status != .failed, "\(property.id)")
      #expect(ran.conditions == property.layers.map { "the reference \($0.name)" }, "\(property.id)")
    }
  }

  @Test("an app's queue runs P13–P21; the device properties borrow device sync by name and drive its queue")
  func queueAdapter() throws {
    let alone = Catalog.run(CountedQueues(), settings: Self.settings)
    let queueProperties = try Catalog.select("P13-P21")
    #expect(alone.passed && alone.properties.map(\.id) == queueProperties)
    #expect(alone.properties.allSatisfy { $0.conditions.isEmpty })
    let f12 = try #require(alone.notChecked.first { $0.id == "F12" })
    #expect(f12.reason == "CountedQueues does not implement the device sync layer (DeviceSyncLayer)")

    let queues = CountedQueues(borrowedLayers: [.deviceSync, .engine])
    let before = queues.made.count.withLock { $0 }
    let borrowing = Catalog.run(queues, properties: ["F12", "P23"], settings: Self.settings)
    #expect(borrowing.passed && borrowing.notChecked.isEmpty)
    #expect(
      borrowing.properties.map(\.conditions) == [["the reference engine"], ["the reference device sync"]])
    #expect(
      queues.made.count.withLock { $0 } > before, "the borrowed engine and syncs drove the app's queues")
  }

  @Test("a corpus case or a token whose property needs a missing layer is not checked, never passed")
  func replayNeedsTheLayers() throws {
    let token = try #require(ReplayToken("P13-0000000000c0ffee-0"))
    #expect(try Catalog.replay(token, on: Borrower()) == nil)
    #expect(try Catalog.replay(token, on: CountedQueues()) != nil)
    let entries = CorpusDirectory.load(corpusRoot, properties: ["P13"])
    let corpusCase = try #require(entries.first.flatMap { try? $0.content.get() })
    let outcome = CorpusReplay.run(corpusCase, on: Borrower())
    #expect(
      !outcome.passed && outcome.notChecked == "Borrower does not implement the queue layer (QueueLayer)")
    #expect(CorpusReplay.run(corpusCase, on: CountedQueues()).passed)
  }

  @Test("R1 judges the harness's fake: against anything but the reference it is not checked, saying so")
  func harnessPropertyOnlyForTheReference() {
    let report = Catalog.run(CountedQueues(), properties: ["R1"], settings: Self.settings)
    #expect(report.properties.isEmpty)
    #expect(
      report.notChecked.first?.reason
        == "R1 judges the harness's own CloudFake, not CountedQueues; countme-fuzz check runs it")
  }
}
