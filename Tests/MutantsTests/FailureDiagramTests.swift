import CountMeContract
import CountMeProperties
import Generators
import Testing

@testable import Mutants
@testable import PropertyHarness

/// A mutant of one world, the property that kills it, the anomaly its failure is, and the step
/// note that opens the highlighted part when it breaks at a step (nil: once the run ended).
struct DrawnFailure: Sendable, CustomTestStringConvertible {
  let mutant: String
  let property: PropertyID
  let anomaly: Anomaly
  let brokeAt: String?
  /// The lifelines the diagram must have.
  let lifelines: [String]

  var testDescription: String { "\(mutant) under \(property)" }
}

@Suite("Sync failures under mutants: each named, each drawn")
struct FailureDiagramTests {
  /// One mutant of each world that draws: the queue's simulation, devices through the cloud (at the
  /// end and at a step), whole stores, shared phones, an iPhone with an Android phone, retention.
  static let cases = [
    DrawnFailure(
      mutant: "queue-success-removes-by-entity", property: "P16", anomaly: .lostUpdate, brokeAt: nil,
      lifelines: ["device (queue)", "cloud (CloudFake)"]),
    DrawnFailure(
      mutant: "sync-hard-deletes", property: "F20", anomaly: .resurrection, brokeAt: nil,
      lifelines: ["device 0 (queue, store)", "device 1 (queue, store)", "cloud (CloudFake)"]),
    DrawnFailure(
      mutant: "sync-deletion-not-queued", property: "F17", anomaly: .wrongSyncStatus,
      brokeAt: "steps[1]: delete food item 0", lifelines: ["device 0 (queue, store)", "cloud (CloudFake)"]),
    DrawnFailure(
      mutant: "store-keeps-own-version", property: "F14", anomaly: .divergence, brokeAt: nil,
      lifelines: ["device 0 (store)", "device 1 (store)", "cloud (a store)"]),
    DrawnFailure(
      mutant: "accounts-downloads-first-users-path", property: "F25", anomaly: .crossAccountAccess,
      brokeAt: nil, lifelines: ["phone 1 (queue, store)", "another client", "cloud (CloudFake)"]),
    DrawnFailure(
      mutant: "sync-tie-keeps-local", property: "X5.6", anomaly: .divergence, brokeAt: nil,
      lifelines: ["iPhone (CountMeCore's sync)", "Android phone (the harness's)", "cloud (CloudFake)"]),
    DrawnFailure(
      mutant: "sync-stays-paused-after-offline", property: "F30", anomaly: .stuckQueue, brokeAt: nil,
      lifelines: ["device 0 (queue, store)", "device 1 (queue, store)", "cloud (CloudFake)"]),
    DrawnFailure(
      mutant: "retention-deletes-without-tombstone", property: "F26", anomaly: .resurrection, brokeAt: nil,
      lifelines: ["device 0 (its data)", "device 1 (its data)", "cloud (the data)"]),
  ]

  @Test(
    "the shrunk failure names its anomaly; its diagram parses and highlights where it broke", arguments: cases
  )
  func drawn(_ expected: DrawnFailure) throws {
    let mutant = try #require(MutantCatalog.named(expected.mutant))
    let settings = RunSettings(seed: 0xC0FFEE, cases: 600, variant: mutant.name)
    let report = Catalog.run(mutant.system, properties: [expected.property], settings: settings)
    let failure = try #require(report.properties.first?.failure, "\(expected.mutant) survived")
    #expect(failure.anomaly == expected.anomaly)
    let diagram = try #require(failure.diagram)
    #expect(MermaidSequenceGrammar.problems(in: diagram.mermaid) == [], "\(diagram.mermaid)")
    #expect(diagram.lifelines.map(\.label) == expected.lifelines)
    // One highlighted part: it opens with the step where the property broke (or the spell after
    // the steps) and ends with the verdict, the failure's own observed and expected beside it.
    let highlighted = diagram.items.compactMap { item -> [SequenceDiagram.Item]? in
      guard case .highlighted(let inner) = item else { return nil }
      return inner
    }
    try #require(highlighted.count == 1)
    guard case .note(_, let opening)? = highlighted[0].first,
      case .note(_, let verdict)? = highlighted[0].last
    else {
      Issue.record("the highlighted part is not framed by notes: \(highlighted[0])")
      return
    }
    #expect(opening == expected.brokeAt ?? opening)
    #expect(expected.brokeAt != nil || opening.hasPrefix("after the steps"))
    #expect(verdict.hasPrefix("✘ \(expected.anomaly.name)\nobserved: "))
    #expect(verdict.contains("\nexpected: \(failure.expected)"))
    // The Markdown report carries it under the failure, in a block GitHub draws.
    let markdown = MarkdownReport.render(report, style: Catalog.reportStyle)
    #expect(markdown.contains("**Anomaly:** \(expected.anomaly.name).\n\n**Sequence**"))
    #expect(markdown.contains("```mermaid\n" + diagram.mermaid + "```\n"))
  }

  @Test("a failure is drawn the same every time: the same seed gives the same diagram")
  func deterministic() throws {
    let mutant = try #require(MutantCatalog.named("sync-hard-deletes"))
    let settings = RunSettings(seed: 0xC0FFEE, cases: 600, variant: mutant.name)
    let first = Catalog.run(mutant.system, properties: ["F20"], settings: settings)
    let second = Catalog.run(mutant.system, properties: ["F20"], settings: settings)
    let diagram = try #require(first.properties.first?.failure?.diagram)
    #expect(second.properties.first?.failure?.diagram == diagram)
  }

  @Test("a model property's failure names no anomaly and draws nothing")
  func modelFailure() throws {
    let mutant = try #require(MutantCatalog.named("calories-allow-one-more"))
    let settings = RunSettings(seed: 0xC0FFEE, cases: 1_000, variant: mutant.name)
    let report = Catalog.run(mutant.system, properties: ["P2"], settings: settings)
    let failure = try #require(report.properties.first?.failure)
    #expect(failure.anomaly == nil && failure.diagram == nil)
  }
}
