import Generators

/// Runs one property: cases from derived seeds, then on the first failure, shrinking and a report.
struct PropertyRunner<Input> {
  let property: Property<Input>
  let settings: RunSettings

  func token(_ caseIndex: Int) -> ReplayToken {
    ReplayToken(
      property: property.id, seed: settings.seed, caseIndex: caseIndex, variant: settings.variant)
  }

  func run(emit: (RunEvent) -> Void) -> PropertyReport {
    emit(.propertyStarted(id: property.id, name: property.name))
    let clock = ContinuousClock()
    let start = clock.now
    var cases = 0, discards = 0
    var tagCounts: [String: Int] = [:]
    var failure: FailureReport?
    // NB: the property's seed and the tokens' fixed parts once, not per case.
    let propertySeed = ReplayToken.propertySeed(property.id, runSeed: settings.seed)
    CrashReporter.begin(token(0))
    for caseIndex in 0..<settings.cases {
      if let limit = settings.maxSeconds, cases > 0, seconds(since: start, clock) >= limit { break }
      CrashReporter.willRun(caseIndex: caseIndex)
      if settings.verbose { emit(.caseStarted(token(caseIndex))) }
      let caseSeed = Seed.derive(propertySeed, UInt64(caseIndex))
      // NB: no choices recorded on the way: a failing case is regenerated with them to shrink it.
      guard let generated = try? property.generator.generate(seed: caseSeed, recording: false) else {
        discards += 1
        continue
      }
      cases += 1
      discards += generated.rejections
      for tag in generated.value.tags { tagCounts[tag, default: 0] += 1 }
      if case .fail = property.check(generated.value) {
        let recorded = (try? property.generator.generate(seed: caseSeed)) ?? generated
        failure = shrink(recorded, token: token(caseIndex))
        break
      }
    }
    CrashReporter.didFinish()
    let report = PropertyReport(
      id: property.id, name: property.name, validates: property.validates, cases: cases,
      discards: discards,
      seconds: seconds(since: start, clock),
      tagCounts: tagCounts.keys.sorted().map { ($0, tagCounts[$0] ?? 0) },
      failure: failure)
    emit(.propertyFinished(report))
    return report
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
    if case .fail(let seen, let wanted) = verdict {
      (observed, expected) = (seen, wanted)
    } else {
      (observed, expected) = ("", "")
    }
    return FailureReport(
      token: token, counterexample: property.describe(minimal.value), tags: minimal.tags,
      original: property.describe(generated.value.value), observed: observed, expected: expected,
      shrinkSteps: shrunk?.steps ?? 0, shrinkRuns: shrunk?.runs ?? 0,
      expectation: property.expectation(minimal))
  }

  private func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
