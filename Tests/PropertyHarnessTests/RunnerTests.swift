import Foundation
import Generators
import Testing

@testable import PropertyHarness

/// A property over integer arrays that fails when an element exceeds `limit`.
func arrayProperty(limit: Int, id: PropertyID = "T1") -> AnyProperty {
  AnyProperty(
    Property(
      id: id, name: "no element above \(limit)", validates: ["test"],
      generator: Gen.array(of: Gen.int(in: 0...1_000), count: 0...30).map { values in
        Tagged(values, tags: [values.isEmpty ? "empty" : "nonEmpty"])
      },
      describe: { .array($0.map { .integer(Int64($0)) }) }
    ) { input in
      guard let high = input.value.first(where: { $0 > limit }) else { return .pass }
      return .fail(observed: "element \(high)", expected: "every element ≤ \(limit)")
    })
}

@Suite("The runner")
struct RunnerTests {
  @Test("a passing property runs every case and counts its tags")
  func passing() {
    let report = Runner.run([arrayProperty(limit: 1_000)], settings: RunSettings(seed: 1, cases: 300))
    let property = report.properties[0]
    #expect(report.passed && property.cases == 300 && property.discards == 0)
    #expect(property.tagCounts.map(\.0) == ["empty", "nonEmpty"])
    #expect(property.tagCounts.reduce(0) { $0 + $1.1 } == 300)
  }

  @Test("any number of jobs gives the report of one at a time: cases, discards, tags, the first failure")
  func jobs() {
    // NB: a rare failure (an element above 990) among cases of very different cost, so the workers'
    // blocks end at different times and later blocks are under way when the first failure is found.
    let property = arrayProperty(limit: 990)
    func summary(_ jobs: Int, seed: UInt64) -> String {
      let report = Runner.run(
        [property], settings: RunSettings(seed: seed, cases: 2_000, shrinkBudget: 50, jobs: jobs))
      let result = report.properties[0]
      return "\(result.cases) \(result.discards) \(result.tagCounts.map { "\($0.0)=\($0.1)" }) "
        + "\(result.failure.map { "\($0.token) \($0.counterexample.text())" } ?? "passed")"
    }
    var failures = 0
    for seed in 0..<40 as Range<UInt64> {
      let serial = summary(1, seed: seed)
      if !serial.hasSuffix("passed") { failures += 1 }
      #expect(summary(4, seed: seed) == serial, "seed \(seed)")
      #expect(summary(2, seed: seed) == serial, "seed \(seed)")
    }
    #expect(failures > 20, "the property must fail at most seeds for the comparison to mean something")
  }

  @Test("the shards of one seed run exactly the whole run's cases; the whole run's failure is their lowest")
  func shards() throws {
    let passing = arrayProperty(limit: 1_000)
    func settings(_ seed: UInt64, _ shard: Shard, jobs: Int = 1) -> RunSettings {
      var settings = RunSettings(seed: seed, cases: 1_000, shrinkBudget: 50, jobs: jobs)
      settings.shard = shard
      return settings
    }
    let whole = Runner.run([passing], settings: settings(7, .whole)).properties[0]
    let parts = try (1...3).map { number in
      Runner.run([passing], settings: settings(7, try #require(Shard(number, of: 3)))).properties[0]
    }
    #expect(parts.map(\.cases) == [334, 333, 333] && whole.cases == 1_000)
    var tags: [String: Int] = [:]
    for part in parts { for (tag, count) in part.tagCounts { tags[tag, default: 0] += count } }
    #expect(whole.tagCounts.map { "\($0.0)=\($0.1)" } == tags.keys.sorted().map { "\($0)=\(tags[$0]!)" })

    let rare = arrayProperty(limit: 990)
    var compared = 0
    for seed in 0..<30 as Range<UInt64> {
      guard let failure = Runner.run([rare], settings: settings(seed, .whole)).properties[0].failure else {
        continue
      }
      let found = try (1...4).compactMap { number in
        Runner.run([rare], settings: settings(seed, try #require(Shard(number, of: 4)), jobs: number % 2 + 1))
          .properties[0].failure
      }
      let lowest = try #require(found.min { $0.token.caseIndex < $1.token.caseIndex })
      #expect(
        lowest.token == failure.token && lowest.counterexample == failure.counterexample, "seed \(seed)")
      compared += 1
    }
    #expect(compared > 15, "the property must fail at most seeds for the comparison to mean something")
  }

  @Test("a shard is K/N with 1 ≤ K ≤ N; a shard past the last case runs none")
  func shardBounds() {
    #expect(Shard(parsing: "2/3") == Shard(2, of: 3) && Shard(parsing: "2/3")?.description == "2/3")
    for text in ["0/3", "4/3", "1/0", "-1/2", "a/b", "1/2/3", "1", "/2", ""] {
      #expect(Shard(parsing: text) == nil, "\(text)")
    }
    #expect(Shard(2, of: 2)?.positions(of: 1) == 0 && Shard(1, of: 2)?.positions(of: 1) == 1)
    #expect(Shard(3, of: 3)?.positions(of: 10) == 3 && Shard(3, of: 3)?.caseIndex(at: 2) == 8)
  }

  @Test("a failing property is detected, shrunk, and its token replays the same failure")
  func failing() throws {
    let property = arrayProperty(limit: 100)
    let report = Runner.run([property], settings: RunSettings(seed: 0xBEEF, cases: 1_000))
    let failure = try #require(report.properties[0].failure)
    #expect(failure.counterexample == .array([.integer(101)]))
    #expect(failure.observed == "element 101" && failure.shrinkSteps > 0)
    #expect(failure.token.property == "T1" && failure.token.seed == 0xBEEF)
    let replayed = try Runner.replay(failure.token, on: property)
    #expect(replayed.failure?.counterexample == failure.counterexample)
    #expect(replayed.failure?.original == failure.original && replayed.input == failure.original)
  }

  @Test("a case the generator gives up on is a discard, not a failure")
  func discards() {
    let property = AnyProperty(
      Property(
        id: "T3", name: "filtered", validates: [],
        generator: Gen.int(in: 0...9).filter(maxAttempts: 3) { $0 == 0 }.map { Tagged($0, tags: []) },
        describe: { .integer(Int64($0)) }
      ) { _ in .pass })
    let report = Runner.run([property], settings: RunSettings(seed: 5, cases: 200)).properties[0]
    #expect(report.passed && report.discards > 0 && report.cases < 200)
  }

  @Test("a time budget stops a property early, after at least one case")
  func timeBudget() {
    let report = Runner.run(
      [arrayProperty(limit: 1_000)], settings: RunSettings(seed: 1, cases: 10_000_000, maxSeconds: 0.05))
    #expect(report.properties[0].cases >= 1 && report.properties[0].cases < 10_000_000)
  }

  @Test("verbose runs announce each case's token before running it")
  func verbose() {
    let tokens = Mutex<[String]>([])
    _ = Runner.run(
      [arrayProperty(limit: 1_000, id: "T7")], settings: RunSettings(seed: 2, cases: 3, verbose: true)
    ) { event in
      if case .caseStarted(let token) = event { tokens.withLock { $0.append(token.description) } }
    }
    #expect(
      tokens.withLock { $0 } == ["T7-0000000000000002-0", "T7-0000000000000002-1", "T7-0000000000000002-2"])
  }
}

import Synchronization
