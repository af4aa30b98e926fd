import Dispatch
import Foundation
import Generators
import Synchronization

/// Runs one property: cases from derived seeds, then on the first failure, shrinking and a report.
struct PropertyRunner<Input> {
  let property: Property<Input>
  let settings: RunSettings

  func token(_ caseIndex: Int) -> ReplayToken {
    ReplayToken(
      property: property.id, seed: settings.seed, caseIndex: caseIndex, variant: settings.variant,
      generatorVersion: property.generatorVersion, policy: property.policy)
  }

  /// How many cases this run makes: its shard's part of `settings.cases`.
  private var positions: Int { settings.shard.positions(of: settings.cases) }

  func run(emit: (RunEvent) -> Void) -> PropertyReport {
    emit(.propertyStarted(id: property.id, name: property.name))
    let clock = ContinuousClock()
    let start = clock.now
    // NB: the property's seed and the tokens' fixed parts once, not per case.
    let propertySeed = ReplayToken.propertySeed(property.id, runSeed: settings.seed)
    CrashReporter.begin(token(0))
    let tally: BlockTally
    if settings.jobs > 1 && settings.maxSeconds == nil && !settings.verbose && positions > 1 {
      tally = runInParallel(propertySeed)
    } else {
      tally = runInOrder(propertySeed, emit: emit, start: start, clock)
    }
    CrashReporter.didFinish()
    var failure: FailureReport?
    if let index = tally.failingCase {
      // NB: no choices were recorded on the way: the failing case is regenerated with them.
      let caseSeed = Seed.derive(propertySeed, UInt64(index))
      guard let recorded = try? property.generator.generate(seed: caseSeed) else {
        preconditionFailure(
          "\(token(index)): the generator did not give the same value again (it must be deterministic)")
      }
      failure = shrink(recorded, token: token(index))
    }
    let report = PropertyReport(
      id: property.id, name: property.name, validates: property.validates, cases: tally.cases,
      discards: tally.discards,
      seconds: seconds(since: start, clock),
      tagCounts: tally.tags.keys.sorted().map { ($0, tally.tags[$0] ?? 0) },
      failure: failure)
    emit(.propertyFinished(report))
    return report
  }

  /// Runs case `caseIndex` into `tally`; true when it failed.
  private func runCase(_ caseIndex: Int, _ propertySeed: UInt64, into tally: inout BlockTally) -> Bool {
    let outcome = property.runCase(Seed.derive(propertySeed, UInt64(caseIndex)))
    guard case .ran(let rejections, let tags, let failed) = outcome else {
      tally.discards += 1
      return false
    }
    tally.cases += 1
    tally.discards += rejections
    for tag in tags { tally.tags[tag, default: 0] += 1 }
    guard failed else { return false }
    tally.failingCase = caseIndex
    return true
  }

  private func runInOrder(
    _ propertySeed: UInt64, emit: (RunEvent) -> Void, start: ContinuousClock.Instant, _ clock: ContinuousClock
  ) -> BlockTally {
    var tally = BlockTally()
    for position in 0..<positions {
      let caseIndex = settings.shard.caseIndex(at: position)
      if let limit = settings.maxSeconds, tally.cases > 0, seconds(since: start, clock) >= limit { break }
      CrashReporter.willRun(caseIndex: caseIndex)
      if settings.verbose { emit(.caseStarted(token(caseIndex))) }
      if runCase(caseIndex, propertySeed, into: &tally) { break }
    }
    return tally
  }

  /// The cases in blocks run in parallel, tallied as a run in order would be.
  ///
  /// The cases in blocks, on `settings.jobs` threads (or this thread and the lanes beside it,
  /// `settings.lanes`), with the tally a run in order gives: every block that starts at or before
  /// the first failing case runs (each up to its own failure), the blocks after it are dropped,
  /// and the tallies are added in case order.
  ///
  /// Blocks and the first failure count positions in the shard, which grow with case indices.
  ///
  /// Blocks shrink toward the end (to a share of what is left, at least one case), so the
  /// workers finish a property together instead of one waiting for another's last long block.
  /// Where the blocks fall changes nothing in the tally: it holds every case up to the first
  /// failure, however they are cut.
  private func runInParallel(_ propertySeed: UInt64) -> BlockTally {
    let positions = self.positions
    let blockSize = Swift.max(1, Swift.min(32, positions / (settings.jobs * 4)))
    let progress = Mutex<(next: Int, firstFailure: Int)>((0, Int.max))
    let blocks = Mutex<[Int: BlockTally]>([:])
    let lanes = settings.lanes
    /// Runs blocks on `worker` until none is left; `tookFirst` is told once the first was taken
    /// (or none was left).
    @Sendable func work(_ worker: Int, tookFirst: (@Sendable () -> Void)? = nil) {
      var tookFirst = tookFirst
      while true {
        let taken: CaseBlock? = progress.withLock { state in
          guard state.next < positions, state.next < state.firstFailure else { return nil }
          let size = Swift.max(1, Swift.min(blockSize, (positions - state.next) / (settings.jobs * 2)))
          state.next += size
          return CaseBlock(start: state.next - size, end: state.next)
        }
        tookFirst?()
        tookFirst = nil
        guard let range = taken else { return }
        // A lane whose process has ended gives nil: its blocks then run here.
        let remote = worker > 0 ? lanes?.run(range, of: property.id, lane: worker - 1) : nil
        let tally =
          remote ?? run(range, propertySeed, slot: worker) { progress.withLock { $0.firstFailure } }
        if let failing = tally.failingCase {
          let position = settings.shard.position(of: failing)
          progress.withLock { $0.firstFailure = Swift.min($0.firstFailure, position) }
        }
        blocks.withLock { $0[range.start] = tally }
      }
    }
    if let lanes {
      // NB: a thread for each lane, which waits on its process; the cases here run on this one,
      // once each lane has taken its first block (else this thread, started first, takes the
      // blocks of a quick property before a lane's thread has started).
      let group = DispatchGroup()
      let tookFirst = DispatchSemaphore(value: 0)
      for lane in 0..<lanes.count {
        group.enter()
        Thread {
          work(lane + 1) { tookFirst.signal() }
          group.leave()
        }.start()
      }
      for _ in 0..<lanes.count { tookFirst.wait() }
      work(0)
      group.wait()
    } else {
      DispatchQueue.concurrentPerform(iterations: settings.jobs) { work($0) }
    }
    let firstFailure = progress.withLock { $0.firstFailure }
    return blocks.withLock { blocks in
      var total = BlockTally()
      for start in blocks.keys.sorted() where start <= firstFailure {
        if let tally = blocks[start] { total.add(tally) }
      }
      return total
    }
  }

  /// Runs the cases of `block` up to the first that fails.
  ///
  /// Or up to one past `firstFailure`, the position of a failure found elsewhere (which makes the rest of the
  /// block moot).
  func run(
    _ block: CaseBlock, _ propertySeed: UInt64, slot: Int = 0, firstFailure: () -> Int = { Int.max }
  ) -> BlockTally {
    var tally = BlockTally()
    for position in block.start..<block.end {
      if position > firstFailure() { break }
      let caseIndex = settings.shard.caseIndex(at: position)
      CrashReporter.willRun(caseIndex: caseIndex, slot: slot)
      if runCase(caseIndex, propertySeed, into: &tally) { break }
    }
    CrashReporter.willRun(caseIndex: -1, slot: slot)
    return tally
  }

  /// Runs the cases of `block` (a lane's request, in another process): as `run(_:_:)` with this
  /// property's seed.
  func runBlock(_ block: CaseBlock) -> BlockTally {
    run(block, ReplayToken.propertySeed(property.id, runSeed: settings.seed))
  }

  /// Regenerates the case `token` names and checks it (shrinking it if it fails).
  func replay(_ token: ReplayToken) -> PropertyReport {
    let clock = ContinuousClock()
    let start = clock.now
    CrashReporter.begin(token)
    CrashReporter.willRun(caseIndex: token.caseIndex)
    defer { CrashReporter.didFinish() }
    var failure: FailureReport?
    var tags: [(String, Int)] = []
    var discards = 0
    var input: JSON = .null
    if let generated = try? property.generator.generate(seed: token.caseSeed) {
      tags = generated.value.tags.map { ($0, 1) }
      input = property.describe(generated.value.value)
      if property.check(generated.value).failed { failure = shrink(generated, token: token) }
    } else {
      discards = 1
    }
    return PropertyReport(
      id: property.id, name: property.name, validates: property.validates,
      cases: discards == 0 ? 1 : 0,
      discards: discards, seconds: seconds(since: start, clock), tagCounts: tags, failure: failure,
      input: input)
  }

  private func shrink(_ generated: Generated<Tagged<Input>>, token: ReplayToken) -> FailureReport {
    let check = property.check
    let shrunk = try? Shrinker.shrink(
      property.generator, from: generated.choices, budget: settings.shrinkBudget
    ) {
      check($0).failed
    }
    let minimal = shrunk?.value ?? generated.value
    let verdict = check(minimal)
    let (observed, expected): (String, String)
    var anomaly: Anomaly?
    if case .fail(let seen, let wanted, let kind) = verdict {
      (observed, expected, anomaly) = (seen, wanted, kind)
    } else {
      (observed, expected) = ("", "")
    }
    var report = FailureReport(
      token: token, counterexample: property.describe(minimal.value), tags: minimal.tags,
      original: property.describe(generated.value.value), observed: observed, expected: expected,
      shrinkSteps: shrunk?.steps ?? 0, shrinkRuns: shrunk?.runs ?? 0,
      expectation: property.expectation(minimal))
    report.anomaly = anomaly
    if settings.draw { report.diagram = property.diagram?(minimal, observed, expected) }
    if settings.explain {
      let describe = property.describe
      report.explanation = Explainer.explain(
        property.generator, choices: shrunk?.choices ?? generated.choices, seed: token.caseSeed,
        describe: { describe($0.value) }, fails: { check($0).failed })
    }
    return report
  }

  private func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    (clock.now - start).inSeconds
  }
}
