import Foundation
import Synchronization
import Testing

@testable import PropertyHarness

/// Lanes in this process: each block run by the property itself under the run's settings, as a
/// lane's process runs it; a lane "ends" after `answering` blocks, answering nil from then on.
final class InProcessLanes: CaseLanes {
  let count: Int
  private let property: AnyProperty
  private let settings: RunSettings
  private let answering: Int
  private let asked = Mutex(0)
  let answered = Mutex(0)

  init(count: Int, property: AnyProperty, settings: RunSettings, answering: Int = .max) {
    self.count = count
    self.property = property
    self.settings = settings
    self.answering = answering
  }

  func run(_ block: CaseBlock, of id: PropertyID, lane: Int) -> BlockTally? {
    guard id == property.id, (0..<count).contains(lane) else { return nil }
    let number = asked.withLock { asked in
      asked += 1
      return asked
    }
    guard number <= answering else { return nil }
    answered.withLock { $0 += 1 }
    return property.run(block, settings: settings)
  }
}

@Suite("Lanes: blocks of cases run beside the run, in processes of their own")
struct CaseLanesTests {
  /// A run's report in one line: cases, discards, tags and the first failure, shrunk.
  func summary(_ report: RunReport) -> String {
    let result = report.properties[0]
    return "\(result.cases) \(result.discards) \(result.tagCounts.map { "\($0.0)=\($0.1)" }) "
      + "\(result.failure.map { "\($0.token) \($0.counterexample.text())" } ?? "passed")"
  }

  @Test("a run with lanes gives the report of one at a time, whichever lane runs a block, or if a lane ends")
  func sameReport() {
    let property = arrayProperty(limit: 990)
    var failures = 0
    var answered = 0
    for seed in 0..<30 as Range<UInt64> {
      let serial = summary(
        Runner.run([property], settings: RunSettings(seed: seed, cases: 2_000, shrinkBudget: 50)))
      if !serial.hasSuffix("passed") { failures += 1 }
      for (count, answering) in [(1, Int.max), (3, Int.max), (2, 3)] {
        var settings = RunSettings(seed: seed, cases: 2_000, shrinkBudget: 50, jobs: count + 1)
        let lanes = InProcessLanes(count: count, property: property, settings: settings, answering: answering)
        settings.lanes = lanes
        #expect(summary(Runner.run([property], settings: settings)) == serial, "seed \(seed), \(count) lanes")
        answered += lanes.answered.withLock { $0 }
      }
    }
    #expect(failures > 15, "the property must fail at most seeds for the comparison to mean something")
    // The lanes take blocks before the run's own thread takes any: every run's first block is a
    // lane's (the rest may be none when it holds the first failure).
    #expect(answered >= 30 * 3, "the lanes must run blocks for the comparison to mean something")
  }

  @Test("a block's tally is the same cases as a run of those positions, and travels as one line of JSON")
  func blockTally() throws {
    let property = arrayProperty(limit: 1_000)
    let settings = RunSettings(seed: 5, cases: 1_000)
    let tally = property.run(CaseBlock(start: 0, end: 300), settings: settings)
    let whole = Runner.run([property], settings: RunSettings(seed: 5, cases: 300)).properties[0]
    #expect(tally.cases == 300 && tally.discards == 0 && tally.failingCase == nil)
    let tags = tally.tags.keys.sorted().map { "\($0)=\(tally.tags[$0]!)" }
    #expect(tags == whole.tagCounts.map { "\($0.0)=\($0.1)" })
    let failing = arrayProperty(limit: 500).run(CaseBlock(start: 10, end: 400), settings: settings)
    #expect(failing.failingCase.map { (10..<400).contains($0) } == true)
    for sent in [tally, failing, BlockTally()] {
      let line = sent.json.text()
      let read = BlockTally(json: try JSON.parse(line))
      #expect(!line.contains("\n") && read == sent, "\(line)")
    }
    for broken in [
      "null", "{}", #"{"cases":1,"discards":0,"failingCase":null}"#,
      #"{"cases":-1,"discards":0,"failingCase":null,"tags":[]}"#,
      #"{"cases":1,"discards":0,"failingCase":-2,"tags":[]}"#,
      #"{"cases":1,"discards":0,"failingCase":null,"tags":[["a",1],["a",2]]}"#,
      #"{"cases":1,"discards":0,"failingCase":null,"tags":[["a",0]]}"#,
      #"{"cases":1,"discards":0,"failingCase":"3","tags":[]}"#,
    ] {
      let read = BlockTally(json: try JSON.parse(broken))
      #expect(read == nil, "\(broken)")
    }
  }
}
