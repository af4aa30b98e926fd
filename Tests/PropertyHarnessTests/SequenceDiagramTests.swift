import Generators
import Testing

@testable import PropertyHarness

/// A property that fails on an element above `limit`, naming the failure a lost update and drawing
/// the shrunk input as a one-message diagram.
func drawnProperty(limit: Int) -> AnyProperty {
  var property = Property(
    id: "T3", name: "no element above \(limit), drawn", validates: ["test"],
    generator: Gen.array(of: Gen.int(in: 0...1_000), count: 0...30).map { Tagged($0, tags: []) },
    describe: { .array($0.map { .integer(Int64($0)) }) }
  ) { input in
    guard let high = input.value.first(where: { $0 > limit }) else { return .pass }
    return .fail(observed: "element \(high)", expected: "every element ≤ \(limit)", anomaly: .lostUpdate)
  }
  property.diagram = { input, observed, expected in
    SequenceDiagram(
      lifelines: [.init(id: "D0", label: "device"), .init(id: "C", label: "cloud")],
      items: [
        .message(from: "D0", to: "C", arrow: .call, text: "set \(input.value)"),
        .highlighted([.note(over: ["D0", "C"], text: "observed: \(observed)\nexpected: \(expected)")]),
      ])
  }
  return AnyProperty(property)
}

@Suite("Sequence diagrams")
struct SequenceDiagramTests {
  let style = ReportStyle(
    replayCommand: "swift run tool replay", junitSuiteName: "tool", junitClassName: "Tests")

  @Test("whatever text a run gives it, the Mermaid parses by the grammar and says the same")
  func hostileText() {
    let hostile = "completing #1; then %%comment <script>x</script> end\n-->> C: over\tD0"
    let diagram = SequenceDiagram(
      lifelines: [.init(id: "D0", label: "device #0; queue"), .init(id: "C", label: "cloud")],
      items: [
        .note(over: ["D0"], text: hostile),
        .message(from: "D0", to: "C", arrow: .call, text: hostile),
        .message(from: "C", to: "D0", arrow: .failure, text: "⚡ unavailable (injected)"),
        .highlighted([
          .message(from: "C", to: "D0", arrow: .answer, text: String(repeating: "word ", count: 40)),
          .highlighted([.note(over: ["D0", "C"], text: "")]),
        ]),
      ])
    let mermaid = diagram.mermaid
    #expect(MermaidSequenceGrammar.problems(in: mermaid) == [], "\(mermaid)")
    let lines = mermaid.split(separator: "\n").map(String.init)
    #expect(lines[0] == "sequenceDiagram" && lines[1] == "  participant D0 as device №0, queue")
    #expect(
      lines[3]
        == "  Note over D0: completing №1, then %％comment ‹script›x‹/script› end<br/>--›› C: over D0")
    #expect(lines[5] == "  C--xD0: ⚡ unavailable (injected)")
    #expect(lines[6] == "  rect rgb(255, 224, 224)" && lines.last == "  end")
    // A long text is broken into lines of at most 72 characters, none lost.
    let wrapped = lines[7].split(separator: ":", maxSplits: 1)[1].dropFirst()
    #expect(wrapped.split(separator: "<br/>").allSatisfy { $0.count <= 72 })
    #expect(wrapped.replacing("<br/>", with: " ") + " " == String(repeating: "word ", count: 40))
    #expect(lines[9] == "      Note over D0,C: …")
  }

  @Test("the grammar checker refuses what Mermaid would not read as written")
  func grammarRefuses() {
    let header = "sequenceDiagram\n  participant A as a\n  participant B as b\n"
    #expect(MermaidSequenceGrammar.problems(in: header + "  A->>B: hi\n") == [])
    let refused = [
      "  A->>B: issue #1\n",  // a comment starts
      "  A->>B: one; two\n",  // a statement ends
      "  A->>X: hi\n",  // an undeclared actor
      "  A=>B: hi\n",  // no arrow of the grammar
      "  A->>B: \n",  // empty text
      "  A->>B: <b>bold</b>\n",  // markup
      "  rect rgb(1, 2, 3)\n  A->>B: hi\n",  // never closed
      "  end\n",  // closes nothing
      "  Note over A,B,A: three\n",  // a note spans one or two
      "  participant end as keyword\n",  // a keyword as an id
      "  A->>B: %%hidden\n",  // a comment
    ]
    for text in refused {
      #expect(!MermaidSequenceGrammar.problems(in: header + text).isEmpty, "\(text)")
    }
    #expect(!MermaidSequenceGrammar.problems(in: "graph TD\n").isEmpty)
  }

  @Test("a failure names its anomaly and carries the shrunk case's diagram into every report")
  func reports() throws {
    let run = Runner.run([drawnProperty(limit: 50)], settings: RunSettings(seed: 4, cases: 300))
    let failure = try #require(run.properties[0].failure)
    #expect(failure.anomaly == .lostUpdate)
    let diagram = try #require(failure.diagram)
    // Drawn from the shrunk counterexample, with the failure's own words.
    #expect(diagram.items.first == .message(from: "D0", to: "C", arrow: .call, text: "set [51]"))
    #expect(diagram.mermaid.contains("observed: element 51<br/>expected: every element ≤ 50"))

    let markdown = MarkdownReport.render(run, style: style)
    #expect(markdown.contains("**Anomaly:** lost update.\n"))
    #expect(markdown.contains("```mermaid\n" + diagram.mermaid + "```\n"))
    let json = JSONReport.render(run, style: style)
    guard case .array(let properties)? = json["properties"] else {
      Issue.record("no properties in \(json)")
      return
    }
    let failureJSON = properties[0]["failure"]
    #expect(failureJSON?["anomaly"] == .string("lostUpdate"))
    #expect(failureJSON?["sequenceDiagram"] == .string(diagram.mermaid))
    #expect(json["anomalies"] == .object([("lostUpdate", .integer(1))]))
    let junit = JUnitReport.render(run, style: style)
    #expect(junit.contains("message=\"lost update: element 51; expected every element ≤ 50."))
    #expect(junit.contains(JUnitReport.escape("```mermaid\n" + diagram.mermaid)))
    let human = HumanReport.failure(run.properties[0], style: style)
    #expect(human.contains("  Anomaly: lost update"))
    #expect(HumanReport.anomalies(run) == "Anomalies: lost update 1")
  }

  @Test("a run that does not draw (the mutant gate's) still names the anomaly")
  func notDrawn() throws {
    var settings = RunSettings(seed: 4, cases: 300)
    settings.draw = false
    let failure = try #require(
      Runner.run([drawnProperty(limit: 50)], settings: settings).properties[0].failure)
    #expect(failure.anomaly == .lostUpdate && failure.diagram == nil)
  }

  @Test("anomalies are counted over a run's failures, in the list's order; none named says so")
  func counted() {
    let passing = Runner.run([arrayProperty(limit: 1_000)], settings: RunSettings(seed: 1, cases: 50))
    #expect(HumanReport.anomalies(passing) == "Anomalies: none named")
    let unnamed = Runner.run([arrayProperty(limit: 10)], settings: RunSettings(seed: 1, cases: 50))
    #expect(unnamed.properties[0].failure != nil && unnamed.properties[0].failure?.anomaly == nil)
    #expect(unnamed.properties[0].failure?.diagram == nil)
    #expect(Anomaly.allCases.sorted() == Anomaly.allCases && Anomaly.lostUpdate < .phantomData)
    #expect(Set(Anomaly.allCases.map(\.name)).count == Anomaly.allCases.count)
  }
}
